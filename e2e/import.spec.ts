import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import {
  SMALL_FIXTURE,
  generateHostedExport,
  type HostedFixture,
} from "../src/cli/import/fixtures/hosted-export-fixture";
import { signInAs } from "./support/accounts";
import { expectAccessible } from "./support/axe";

type Docs = {
  rooms: Record<string, { participants: string[]; messages: Record<string, { text: string }> }>;
  requests: Record<string, { artistId: string; type: string }>;
};

/** The same export the e2e server imported (the generator is deterministic). */
async function sameExport(): Promise<{ fixture: HostedFixture; docs: Docs }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-expected-"));
  const fixture = await generateHostedExport(dir, SMALL_FIXTURE);
  const docs = JSON.parse(fs.readFileSync(fixture.paths.documents, "utf8")) as Docs;
  fs.rmSync(dir, { recursive: true, force: true });
  return { fixture, docs };
}

test("an artist moved in from the hosted service signs in with the old password and finds their chat and songs", async ({
  page,
}) => {
  const { fixture, docs } = await sameExport();
  // The fourth artist talks to both agents and has three songs.
  const artist = fixture.users.filter((u) => !u.admin)[3]!;
  const room = Object.values(docs.rooms).find((r) => r.participants.includes(artist.uid))!;
  const agent = fixture.users.find((u) => room.participants.includes(u.uid) && u.admin)!;
  const songs = Object.values(docs.requests).filter((s) => s.artistId === artist.uid);
  expect(songs.length).toBe(3);

  await signInAs(page, artist.email, artist.password!);
  await expect(page.getByRole("heading", { name: "Chats" })).toBeVisible();
  const row = page
    .getByRole("list", { name: "Support agents" })
    .getByRole("link", { name: new RegExp(agent.name.replace(/[()]/g, "\\$&")) })
    .first();
  await row.click();
  const messages = page.getByRole("list", { name: "Messages" });
  const lastText = Object.values(room.messages).at(-1)!.text;
  // Day separators (a bare date) and the unread divider ("1 unread message",
  // on the first opening) are list items too; count the messages only.
  const bubbles = messages
    .getByRole("listitem")
    .filter({ hasNot: page.locator(":scope > span > time") })
    .filter({ hasNotText: /^\d+ unread messages?$/ });
  await expect(bubbles.first()).toBeVisible();
  await expect(bubbles).toHaveCount(Object.keys(room.messages).length);
  if (lastText) await expect(messages.getByText(lastText).last()).toBeVisible();
  await expect(messages.getByRole("button", { name: /^Open image cover-4\.png/ })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Songs" }).click();
  const cards = page.getByRole("list", { name: "Songs" }).getByRole("listitem");
  await expect(cards).toHaveCount(3);
  for (const song of songs) await expect(cards.filter({ hasText: song.type })).toHaveCount(1);
});
