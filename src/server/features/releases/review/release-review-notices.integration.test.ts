import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releaseReviewMessages as m } from "../../../../shared/release-review-messages";
import { createUser, type TestUser } from "../../../test/chat-test-helpers";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { mails, releaseInState } from "./review-test-helpers";

/**
 * The changes-requested email lists what the step that caused it asked
 * for: the items ride on the event, so a release that moved on before the
 * email was written (resubmitted, asked again) cannot change its list.
 */
let t: TestApp;
let artist: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  artist = await createUser(t.app, "Asha Rao");
}, 60_000);
afterAll(() => t.close());

describe("the changes-requested email", () => {
  it("lists the items of the event that caused it, whatever the release's last step is", async () => {
    // No timeline step at all: only the event knows what was asked.
    const id = await releaseInState(t.app, artist.id, "changes_requested");
    const title = `Release ${id.slice(0, 6)}`;
    await t.app.ctx.events.emit("release.changesRequested", {
      releaseId: id,
      artistId: artist.id,
      state: "changes_requested",
      actorName: "Agent One",
      items: [
        { reason: "Artwork", note: "The cover's text is too small" },
        { reason: "Metadata", note: "Spell the featured artist as on Spotify" },
      ],
    });
    await expect
      .poll(async () => (await mails(t.app)).filter((mail) => mail.subject.includes(title)))
      .toHaveLength(1);
    const mail = (await mails(t.app)).find((sent) => sent.subject.includes(title))!;
    expect(mail.subject).toBe(m.changesRequestedSubject(title));
    expect(mail.text).toContain("1. Artwork: The cover's text is too small");
    expect(mail.text).toContain("2. Metadata: Spell the featured artist as on Spotify");
  });
});
