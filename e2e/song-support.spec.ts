import { expect, test, type Page } from "@playwright/test";
import { demo, freshEmail, register, signInAs } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { mailsTo, pathIn } from "./support/mailbox";

const songCards = (page: Page) => page.getByRole("list", { name: "Songs" }).getByRole("listitem");
const filter = (page: Page, name: RegExp) =>
  page.getByRole("group", { name: "Filter by status" }).getByRole("button", { name });

test("an agent rejects a song with a reason; the artist, online, gets the toast, the dot, the reason and the timeline", async ({
  browser,
}) => {
  // Two people, six screens, axe in both themes on each: a long journey.
  test.slow();
  const artistContext = await browser.newContext();
  const agentContext = await browser.newContext();
  const artist = await artistContext.newPage();
  const agent = await agentContext.newPage();

  const email = freshEmail("notice");
  await register(artist, "Notice Artist", email);
  await signInAs(agent, demo.agent1);
  // The agent files a pending song for the artist (through the desk's API).
  const artistId = await artist.evaluate(async () => {
    const me = (await (await fetch("/api/me")).json()) as { id: string };
    return me.id;
  });
  // Playwright's API requests carry no Origin of their own; the portal refuses writes without it.
  const created = await agent.request.post("/api/desk/songs", {
    headers: { origin: new URL(agent.url()).origin },
    data: { artistId, type: "Night Drive", status: "pending", artist: "Nova", date: "2025-03-01" },
  });
  expect(created.status()).toBe(201);
  const songId = ((await created.json()) as { id: string }).id;

  await artist.goto("/songs");
  await expect(songCards(artist)).toHaveCount(1);
  await expect(songCards(artist).first()).not.toContainText("Released:");
  const songsLink = artist.getByRole("navigation", { name: "Main" }).getByRole("link", {
    name: /Songs/,
  });
  await expect(songsLink).not.toContainText("new status updates");

  // The desk: rejecting needs a reason.
  await agent.goto(`/desk/songs/${songId}`);
  await expect(agent.getByRole("heading", { name: "Edit: Night Drive" })).toBeVisible();
  // A duration is m:ss or seconds, its error beside the field.
  await agent.getByLabel("Duration").fill("abc");
  await agent.getByRole("button", { name: "Save changes" }).click();
  await expect(agent.getByLabel("Duration")).toHaveAccessibleDescription(
    "Enter the duration as minutes and seconds (3:45) or as seconds (225).",
  );
  await agent.getByLabel("Duration").fill("225");
  await agent.getByLabel("Status").selectOption("rejected");
  await agent.getByRole("button", { name: "Save changes" }).click();
  await expect(agent.getByLabel("Reason for rejection")).toHaveAccessibleDescription(
    "Choose why the song is rejected.",
  );
  await agent.getByLabel("Reason for rejection").selectOption({ label: "Artwork" });
  await agent.getByLabel("Details for the artist").fill("The cover shows a web address.");
  await expectAccessible(agent);
  await agent.getByRole("button", { name: "Save changes" }).click();
  await expect(agent.getByText("Song saved.")).toBeVisible();
  const deskTimeline = agent.getByRole("list", { name: "Timeline of changes" });
  await expect(deskTimeline.getByRole("listitem")).toHaveCount(2);
  await expect(deskTimeline.getByRole("listitem").last()).toContainText("Reason: Artwork");
  // Its own email: the song, the new status, the reason, a link to the song page.
  const [mail] = await mailsTo(email, /^"Night Drive" is now Rejected$/);
  expect(mail!.text).toContain("Artwork");
  expect(mail!.text).toContain("The cover shows a web address.");
  expect(pathIn(mail!, "/song/")).toBe(`/song/${songId}`);

  // The artist, online on another screen: toast, dot, the card's marker.
  const toast = artist.getByRole("status", { name: "Notifications" });
  await expect(toast).toContainText("Alex (Support) marked 'Night Drive' as rejected");
  await expect(songsLink).toContainText("new status updates");
  await expect(songCards(artist).first()).toContainText("New status");
  await expect(songCards(artist).first()).toContainText("Rejected");
  await expectAccessible(artist);

  await toast.getByRole("link", { name: "View song" }).click();
  await expect(artist).toHaveURL(new RegExp(`/song/${songId}$`));
  const status = artist.getByRole("region", { name: "Current status" });
  await expect(status).toContainText("Rejected:");
  await expect(status.getByRole("heading", { name: "Why it was rejected" })).toBeVisible();
  await expect(status).toContainText("Artwork");
  await expect(status).toContainText("The cover shows a web address.");
  await expect(status.getByRole("heading", { name: "What to do next" })).toBeVisible();
  await expect(artist.getByText(/^Released:/)).toHaveCount(0);
  const timeline = artist.getByRole("list", { name: "Timeline of changes" });
  await expect(timeline.getByRole("listitem")).toHaveCount(2);
  await expect(timeline.getByRole("listitem").first()).toContainText("Submitted");
  await expect(timeline.getByRole("listitem").last()).toContainText("Changed from pending");
  const analytics = artist.getByRole("region", { name: "Analytics" });
  await expect(
    analytics.getByRole("img", { name: /Views per day over the last 30 days/ }),
  ).toBeVisible();
  await expect(analytics).toContainText("Last 30 days: 1 view");
  // Opened: the dot goes.
  await expect(songsLink).not.toContainText("new status updates");
  await expectAccessible(artist);

  // The agent's side: a system line in the conversation, the songs in the pane.
  await agent.goto(`/inbox/${artistId}`);
  await expect(
    agent
      .getByRole("list", { name: "Messages" })
      .getByText("Alex (Support) marked 'Night Drive' as rejected"),
  ).toBeVisible();
  const pane = agent.getByRole("complementary", { name: "Artist profile" });
  const paneSongs = pane.getByRole("list", { name: "Songs" }).getByRole("link");
  await expect(paneSongs).toHaveCount(1);
  await expect(paneSongs.first()).toContainText("Night Drive");
  await expect(paneSongs.first()).toContainText("Rejected");
  await expectAccessible(agent);
  await paneSongs.first().click();
  await expect(agent).toHaveURL(new RegExp(`/desk/songs/${songId}$`));

  await artistContext.close();
  await agentContext.close();
});

test("the artist filters songs by status and title with counts, kept in the URL, with Load More", async ({
  page,
}) => {
  await signInAs(page, demo.artist);
  await page.goto("/songs");
  // The 23 seeded songs and the 7 of the demo releases (issue 48), by status.
  await expect(filter(page, /^All \(30\)$/)).toHaveAttribute("aria-pressed", "true");
  await expect(filter(page, /^Pending \(6\)$/)).toBeVisible();
  await expect(filter(page, /^In review \(7\)$/)).toBeVisible();
  await expect(filter(page, /^Released \(11\)$/)).toBeVisible();
  await expect(filter(page, /^Rejected \(6\)$/)).toBeVisible();

  // Title search: 11 of the demo songs start with "Demo Song 1"; 10 first, then Load More.
  await page.getByLabel("Search titles").fill("demo song 1");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=demo\+song\+1$/);
  await expect(filter(page, /^All \(11\)$/)).toBeVisible();
  await expect(filter(page, /^Released \(4\)$/)).toBeVisible();
  await expect(songCards(page)).toHaveCount(10);
  await page.getByRole("button", { name: "Load More" }).click();
  await expect(songCards(page)).toHaveCount(11);
  await expect(page.getByRole("button", { name: "Load More" })).toBeHidden();
  await expectAccessible(page);

  await filter(page, /^Released/).click();
  await expect(page).toHaveURL(/status=released/);
  await expect(filter(page, /^Released \(4\)$/)).toHaveAttribute("aria-pressed", "true");
  await expect(songCards(page)).toHaveCount(4);
  for (const card of await songCards(page).all()) await expect(card).toContainText(/released/i);

  // The URL holds the filters: a reload keeps them, Back returns to the search alone.
  await page.reload();
  await expect(songCards(page)).toHaveCount(4);
  await expect(page.getByLabel("Search titles")).toHaveValue("demo song 1");
  await page.goBack();
  await expect(page).toHaveURL(/\?q=demo\+song\+1$/);
  await expect(songCards(page)).toHaveCount(10);

  await filter(page, /^Rejected/).click();
  await page.getByLabel("Search titles").fill("no such title");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No songs match these filters.")).toBeVisible();
  await expect(filter(page, /^All \(0\)$/)).toBeVisible();
  await expectAccessible(page);
});
