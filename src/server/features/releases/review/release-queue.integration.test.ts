import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysToDay, utcDay } from "../../../../shared/release-rules";
import type { DeskReleaseList } from "../../../../shared/responses/release-review";
import { createUser, type TestUser } from "../../../test/chat-test-helpers";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { caller, releaseInState } from "./review-test-helpers";

/** The desk's release queue: which comes first in each view, and what is due soon. */
let t: TestApp;
let artist: TestUser;
let agent: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  artist = await createUser(t.app, "Asha Rao");
  agent = await createUser(t.app, "Agent One", true);
}, 60_000);
afterAll(() => t.close());

/** Three releases in `state` that entered it 3, 1 and 2 hours ago; ids in that order. */
async function threeIn(state: string): Promise<string[]> {
  const ids: string[] = [];
  for (const hoursAgo of [3, 1, 2]) {
    const id = await releaseInState(t.app, artist.id, state, 1);
    await t.app.ctx.database.db
      .updateTable("release")
      .set({ stateChangedAt: Date.now() - hoursAgo * 3_600_000 })
      .where("id", "=", id)
      .execute();
    ids.push(id);
  }
  return ids;
}

async function view(name: string): Promise<DeskReleaseList> {
  const answer = await caller(t.app)("GET", `/api/desk/releases?view=${name}`, agent.cookie);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<DeskReleaseList>();
}

describe("the release queue", () => {
  it("puts the longest-waiting first where work waits, the latest first elsewhere", async () => {
    for (const state of ["submitted", "in_review"]) {
      const [threeHours, oneHour, twoHours] = await threeIn(state);
      const rows = (await view(state)).rows.map((row) => row.id);
      expect(rows).toEqual([threeHours, twoHours, oneHour]);
    }
    const [threeHours, oneHour, twoHours] = await threeIn("approved");
    expect((await view("approved")).rows.map((row) => row.id)).toEqual([
      oneHour,
      twoHours,
      threeHours,
    ]);
    const counts = (await view("submitted")).counts;
    expect(counts).toMatchObject({ submitted: 3, in_review: 3, approved: 3 });
  });

  it("marks an open release due soon when it comes out within the week, never a live one", async () => {
    const db = t.app.ctx.database.db;
    const soon = addDaysToDay(utcDay(Date.now()), 3);
    const later = addDaysToDay(utcDay(Date.now()), 30);
    const [dueSoon, notDue] = [
      await releaseInState(t.app, artist.id, "changes_requested", 1),
      await releaseInState(t.app, artist.id, "changes_requested", 1),
    ];
    const live = await releaseInState(t.app, artist.id, "live", 1);
    await db
      .updateTable("release")
      .set({ releaseDate: soon })
      .where("id", "in", [dueSoon, live])
      .execute();
    await db.updateTable("release").set({ releaseDate: later }).where("id", "=", notDue).execute();
    const due = (name: string) =>
      view(name).then((list) => Object.fromEntries(list.rows.map((row) => [row.id, row.dueSoon])));
    expect(await due("changes_requested")).toEqual({ [dueSoon]: true, [notDue]: false });
    expect((await due("live"))[live]).toBe(false);
  });
});
