import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { freshEmail } from "./support/accounts";
import { ChatApi } from "./support/chat-api";
import { mailsTo, pathIn } from "./support/mailbox";
import {
  PASSWORD,
  createFinanceAgent,
  csv,
  releasedArtist,
  results,
  uploadStatement,
  type ReleasedArtist,
} from "./support/statements";
import { expectFitsAndAccessible, signedIn } from "./support/screens";

/**
 * Issue 47, section 1, end to end: an artist splits a live track with a
 * collaborator who has an account and one who has none; more than 100 %
 * refused (on the page and by the server); a statement imported before the
 * split is not split, one imported after it is held for both; the first
 * accepts from the mail's link (the held amount moves to their wallet as
 * `Split · Track · Artist`, their earnings show the track), the second
 * registers through the link and declines (the held amount returns to the
 * artist). One artist for the whole file: the journeys follow each other
 * (serial).
 */
test.describe.configure({ mode: "serial" });

const run = Date.now().toString(36).toUpperCase();
let artist: ReleasedArtist;
let financeEmail: string;
/** Registered before the split: they accept. */
const producer = { name: `Priya ${run}`, email: freshEmail("producer") };
/** No account until the invitation's link: they decline. */
const writer = { name: `Ravi ${run}`, email: freshEmail("writer") };

const track = () => artist.tracks[0]!;

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  financeEmail = await createFinanceAgent("Sana Splits");
  artist = await releasedArtist(browser, baseURL!, `Kavya ${run}`, [
    `Rain Song ${run}`,
    `River Song ${run}`,
  ]);
  const api = await ChatApi.register(baseURL!, producer.name, producer.email, PASSWORD);
  api.close();
});

/**
 * A statement of the first track's sales, imported by the finance agent on
 * /desk/statements (statements have their own journey): 85 % of it is the
 * artist's (the default royalty rate).
 */
async function importStatement(browser: Browser, name: string, netRevenue: string) {
  const page = await signedIn(browser, financeEmail);
  await uploadStatement(
    page,
    name,
    csv([
      ["ISRC", "Store", "Country", "Sales Month", "Quantity", "Net Revenue", "Currency"],
      [track().isrc, "Spotify", "IN", "2026-10", 1000, netRevenue, "INR"],
    ]),
  );
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(results(page, "Preview").getByText("1 lines · 1 matched · 0 unmatched")).toBeVisible(
    { timeout: 30_000 },
  );
  await page.getByRole("button", { name: "Import" }).click();
  await expect(results(page, "Totals")).toBeVisible({ timeout: 60_000 });
  await page.context().close();
}

/** The first track's Splits section on the artist's (live) release page. */
async function splitsOfFirstTrack(page: Page): Promise<Locator> {
  await page.goto("/releases");
  await page.getByRole("link", { name: `${artist.name} Sessions` }).click();
  const item = page.getByRole("listitem", { name: `Track 1: ${track().title}` });
  return item.getByRole("region", { name: "Splits of Track 1" });
}

const balanceOf = (page: Page) => page.getByRole("region", { name: "Available Balance" });
const transactions = (page: Page) => page.getByRole("list", { name: "Recent Transactions" });
const invitations = (page: Page) => page.getByRole("region", { name: "Invitations" });
const invitation = (page: Page) =>
  invitations(page).getByRole("listitem", { name: `${track().title} · ${artist.name}` });

test("an artist splits a live track with two collaborators: You: 60%, more than 100% refused, invitations mailed", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Earnings before the split stay the artist's alone.
  await importStatement(browser, `before-split-${run}.csv`, "1000.00");
  const page = await signedIn(browser, artist.email);
  await page.goto("/wallet");
  await expect(balanceOf(page).getByText("Rs.850.00")).toBeVisible({ timeout: 20_000 });

  const splits = await splitsOfFirstTrack(page);
  await expect(splits.getByText("Applies to earnings imported from now on.")).toBeVisible();
  await expect(splits.getByText("You: 100%")).toBeVisible();

  await splits.getByRole("button", { name: "Add collaborator" }).click();
  const first = splits.getByRole("group", { name: "Collaborator 1" });
  // Focus goes to the new row, so the keyboard carries on typing there.
  await expect(first.getByLabel("Collaborator email")).toBeFocused();
  await page.keyboard.type(producer.email);
  await first.getByLabel("Share (%)").fill("25");
  await expect(splits.getByText("You: 75%")).toBeVisible();
  await splits.getByRole("button", { name: "Add collaborator" }).click();
  const second = splits.getByRole("group", { name: "Collaborator 2" });
  await second.getByLabel("Collaborator email").fill(writer.email);
  await second.getByLabel("Share (%)").fill("80");
  // More than 100 % in all: said at once, and Save splits refused.
  await expect(splits.getByRole("alert")).toHaveText("Shares must add up to 100%.");
  await expect(splits.getByText("You: 0%")).toBeVisible();
  await splits.getByRole("button", { name: "Save splits" }).click();
  await expect(splits.getByRole("alert")).toHaveText("Shares must add up to 100%.");
  await expect(first.getByText("New: invited by email when you save.")).toBeVisible();

  // The server refuses it too, whatever sends it.
  const releaseId = new URL(page.url()).pathname.split("/").pop()!;
  const trackId = (await page.request.get(`/api/releases/${releaseId}`).then((r) => r.json()))
    .tracks[0].id as string;
  const refused = await page.request.put(`/api/releases/${releaseId}/tracks/${trackId}/splits`, {
    data: {
      collaborators: [
        { email: producer.email, share: "25" },
        { email: writer.email, share: "80" },
      ],
    },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(400);
  expect(JSON.stringify(await refused.json())).toContain("Shares must add up to 100%.");

  // Remove brings focus back to Add collaborator; the row comes back with a share that fits.
  await second.getByRole("button", { name: "Remove" }).click();
  await expect(splits.getByRole("button", { name: "Add collaborator" })).toBeFocused();
  await expect(splits.getByText("You: 75%")).toBeVisible();
  await page.keyboard.press("Enter");
  await second.getByLabel("Collaborator email").fill(writer.email);
  await second.getByLabel("Share (%)").fill("15");
  await expect(splits.getByText("You: 60%")).toBeVisible();
  await expect(splits.getByRole("alert")).toHaveCount(0);
  await splits.getByRole("button", { name: "Save splits" }).click();
  await expect(splits.getByRole("status").filter({ hasText: "Splits saved." })).toHaveText(
    `Splits saved. Invitation sent to ${producer.email}, ${writer.email}.`,
  );
  await expect(first.getByText(/^Invited · waiting for an answer until /)).toBeVisible();
  await expect(first.getByText(`Held for ${producer.email} until they accept`)).toContainText(
    "Rs.0.00",
  );
  await expect(second.getByText(`Held for ${writer.email} until they accept`)).toBeVisible();
  await expectFitsAndAccessible(page);

  // Each collaborator is mailed: the artist, the track, the share, and a link.
  for (const [who, share] of [
    [producer, "25"],
    [writer, "15"],
  ] as const) {
    const [mail] = await mailsTo(who.email, new RegExp(`${artist.name} shares the earnings of`));
    expect(mail!.text).toContain(track().title);
    expect(mail!.text).toContain(`${share}%`);
    expect(pathIn(mail!, "/splits/invite/")).toMatch(/^\/splits\/invite\/[\w-]{43}$/);
  }
  await page.context().close();
});

test("a statement imported after the split holds both shares for the invited, and the artist sees what is held", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await signedIn(browser, artist.email);
  await page.goto("/wallet");
  await expect(balanceOf(page).getByText("Rs.850.00")).toBeVisible();
  // Rs.2,000.00 at 85 %: Rs.1,700.00 for the track, 25 % and 15 % of it held.
  await importStatement(browser, `after-split-${run}.csv`, "2000.00");
  await expect(balanceOf(page).getByText("Rs.1,870.00")).toBeVisible({ timeout: 20_000 });

  const splits = await splitsOfFirstTrack(page);
  const first = splits.getByRole("group", { name: "Collaborator 1" });
  const second = splits.getByRole("group", { name: "Collaborator 2" });
  await expect(first.getByText(`Held for ${producer.email} until they accept`)).toContainText(
    "Rs.425.00",
  );
  await expect(second.getByText(`Held for ${writer.email} until they accept`)).toContainText(
    "Rs.255.00",
  );
  await page.context().close();
});

test("the collaborator with an account follows the link and accepts: the held amount moves to their wallet", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [mail] = await mailsTo(producer.email, /shares the earnings of/);
  const page = await signedIn(browser, producer.email);
  // Signed in as the invited account, the link goes on to /wallet/splits.
  await page.goto(pathIn(mail!, "/splits/invite/"));
  await expect(page).toHaveURL(/\/wallet\/splits$/);
  await expect(page.getByRole("heading", { name: "Splits", level: 1 })).toBeVisible();
  const item = invitation(page);
  await expect(item).toContainText(
    `${artist.name} shares 25% of the earnings of ${track().title} (${artist.name} Sessions) with you.`,
  );
  await expect(item).toContainText("Held for you until you accept: Rs.425.00");
  await expectFitsAndAccessible(page);

  await item.getByRole("button", { name: "Accept" }).click();
  await expect(page.getByRole("status").filter({ hasText: "You accepted" })).toHaveText(
    `You accepted 25% of ${track().title} by ${artist.name}. Rs.425.00 moved to your wallet.`,
  );
  await expect(invitations(page).getByText("No invitations waiting for an answer.")).toBeVisible();
  const share = page.getByRole("region", { name: "Your shares" }).getByRole("listitem");
  await expect(share).toContainText(`${track().title} · ${artist.name}`);
  await expect(share).toContainText("Credited to your wallet: Rs.425.00");

  // Their wallet: the credit, named after the track and the artist.
  await page.getByRole("link", { name: "Back to wallet" }).click();
  await expect(balanceOf(page).getByText("Rs.425.00")).toBeVisible();
  await expect(transactions(page).getByRole("listitem").first()).toContainText(
    `Split · ${track().title} · ${artist.name}`,
  );
  await expect(transactions(page).getByText("+Rs.425.00")).toBeVisible();
  // Their earnings: the track they hold a share of, and nothing else of the artist's.
  await page.getByRole("link", { name: "Earnings" }).click();
  await page.getByRole("radio", { name: "All time" }).check();
  const byTrack = page.getByRole("table", { name: "By track" });
  await expect(byTrack.getByRole("row", { name: new RegExp(track().title) })).toContainText(
    "Rs.425.00",
  );
  await expect(byTrack.getByRole("row", { name: new RegExp(artist.tracks[1]!.title) })).toHaveCount(
    0,
  );

  // The artist's page says it is accepted, and holds nothing for them any more.
  const artistSide = await signedIn(browser, artist.email);
  const splits = await splitsOfFirstTrack(artistSide);
  const first = splits.getByRole("group", { name: "Collaborator 1" });
  await expect(first.getByText("Accepted", { exact: true })).toBeVisible();
  await expect(first.getByText(`Held for ${producer.email} until they accept`)).toHaveCount(0);
  await artistSide.context().close();
  await page.context().close();
});

test("the collaborator without an account registers through the link and declines: the held amount returns to the artist", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [mail] = await mailsTo(writer.email, /shares the earnings of/);
  const page = await (await browser.newContext()).newPage();
  await page.goto(pathIn(mail!, "/splits/invite/"));
  await expect(page.getByRole("heading", { name: "Split invitation", level: 1 })).toBeVisible();
  await expect(
    page.getByText(`Create your account with ${writer.email} to accept or decline.`),
  ).toBeVisible();
  await expectFitsAndAccessible(page);
  await page.getByRole("link", { name: "Create account" }).click();

  // The existing sign-up, the invited address filled in; then back to the invitation.
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByLabel("Email")).toHaveValue(writer.email);
  await expect(page.getByRole("button", { name: "Create account" })).toBeEnabled();
  await page.getByLabel("Artist name").fill(writer.name);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("checkbox", { name: /I agree to the/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/wallet\/splits$/, { timeout: 20_000 });

  const item = invitation(page);
  await expect(item).toContainText("Held for you until you accept: Rs.255.00");
  // Decline asks once more; Keep it changes nothing.
  await item.getByRole("button", { name: "Decline" }).click();
  const question = item.getByRole("group", { name: "Decline this share?" });
  await expect(question.getByRole("button", { name: "Keep it" })).toBeFocused();
  await question.getByRole("button", { name: "Keep it" }).click();
  await expect(item.getByRole("button", { name: "Decline" })).toBeFocused();
  await item.getByRole("button", { name: "Decline" }).click();
  await question.getByRole("button", { name: "Yes, decline" }).click();
  await expect(page.getByRole("status").filter({ hasText: "You declined" })).toHaveText(
    `You declined 15% of ${track().title} by ${artist.name}. It stays with ${artist.name}.`,
  );
  await expect(invitations(page).getByText("No invitations waiting for an answer.")).toBeVisible();
  await page.getByRole("link", { name: "Back to wallet" }).click();
  await expect(balanceOf(page).getByText("Rs.0.00")).toBeVisible();

  // The artist: the held Rs.255.00 back in the wallet, the share back to them.
  const artistSide = await signedIn(browser, artist.email);
  await artistSide.goto("/wallet");
  await expect(balanceOf(artistSide).getByText("Rs.2,125.00")).toBeVisible();
  await expect(
    transactions(artistSide).getByText(`Split returned · ${track().title} · ${writer.email}`),
  ).toBeVisible();
  const splits = await splitsOfFirstTrack(artistSide);
  await expect(splits.getByRole("group")).toHaveCount(1);
  await expect(splits.getByText("You: 75%")).toBeVisible();
  await expectFitsAndAccessible(artistSide);
  await artistSide.context().close();
  await page.context().close();
});
