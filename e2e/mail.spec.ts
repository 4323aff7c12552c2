import { expect, test } from "@playwright/test";
import { demo, freshEmail, register, signInAs } from "./support/accounts";
import { expectAccessible } from "./support/axe";
import { mailsTo, pathIn } from "./support/mailbox";

const FORGOT_ANSWER = "If an account exists for that email, we sent a link to reset your password.";
const SPENT_LINK = "This link has expired or was already used.";

test("forgot password: the emailed link sets a new password once", async ({ browser }) => {
  const email = freshEmail("forgot");
  const setup = await browser.newContext();
  await register(await setup.newPage(), "Forgetful Artist", email);
  await setup.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectAccessible(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(FORGOT_ANSWER)).toBeVisible();

  const [mail] = await mailsTo(email, /^Reset your Artist Portal password$/);
  const link = pathIn(mail!, "/reset-password?token=");
  expect(mail!.html).toContain("Choose a new password");

  await page.goto(link);
  const newPassword = page.getByLabel("New password", { exact: true });
  await expect(newPassword).toBeVisible();
  const rules = page.getByRole("list", { name: "Password requirements" });
  await expect(rules.getByRole("listitem")).toHaveCount(5);
  await newPassword.fill("weak");
  await expect(rules.getByText("At least 8 characters (not met)")).toBeAttached();
  await newPassword.fill("Brand-new-1!");
  await expect(rules.getByText("At least 8 characters (met)")).toBeAttached();
  await page.getByLabel("Confirm new password", { exact: true }).fill("Brand-new-1!");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page.getByText(/Your password was changed/)).toBeVisible();
  await page.getByRole("link", { name: "Sign in with your new password" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signInAs(page, email, "Brand-new-1!");

  // The same link again: spent, with a way to ask for a new one.
  const again = await browser.newContext();
  const second = await again.newPage();
  await second.goto(link);
  await expect(second.getByText(SPENT_LINK)).toBeVisible();
  await second.getByRole("link", { name: "Send me a new link" }).click();
  await expect(second).toHaveURL(/\/forgot-password$/);

  await mailsTo(email, /^Your Artist Portal password was changed$/);
  await Promise.all([context.close(), again.close()]);
});

test("an unread message is emailed to the agent, who follows the link; unsubscribe works signed out", async ({
  browser,
}) => {
  const email = freshEmail("unread");
  const context = await browser.newContext();
  const artist = await context.newPage();
  await register(artist, "Mailing Artist", email);
  await artist
    .getByRole("list", { name: "Support agents" })
    .getByRole("link", { name: /Sam \(Support\)/ })
    .click();
  await artist.getByRole("textbox", { name: "Message" }).fill("Is my single scheduled?");
  await artist.getByRole("button", { name: "Send" }).click();

  const [mail] = await mailsTo(demo.agent2, /from Mailing Artist on Artist Portal$/);
  expect(mail!.text).toContain("Is my single scheduled?");
  expect(mail!.headerLines.find((h) => h.key === "list-unsubscribe-post")?.line).toBe(
    "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
  );

  const agentContext = await browser.newContext();
  const agent = await agentContext.newPage();
  await signInAs(agent, demo.agent2);
  await agent.goto(pathIn(mail!, "/inbox/"));
  await expect(
    agent.getByRole("list", { name: "Messages" }).getByText("Is my single scheduled?"),
  ).toBeVisible();

  // The unsubscribe link works in a browser that is not signed in.
  const outsider = await browser.newContext();
  const page = await outsider.newPage();
  await page.goto(pathIn(mail!, "/unsubscribe?token="));
  await expect(
    page.getByText("You will no longer get emails about unread messages."),
  ).toBeVisible();
  await expectAccessible(page);
  await page.goto("/unsubscribe?token=forged.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  await expect(page.getByText(/This unsubscribe link is not valid/)).toBeVisible();

  // The agent's Settings show the switch off.
  await agent.goto("/settings");
  await expect(
    agent.getByRole("switch", { name: "Email me about unread messages" }),
  ).toHaveAttribute("aria-checked", "false");
  await agent.getByRole("switch", { name: "Email me about unread messages" }).click();
  await expect(
    agent.getByRole("switch", { name: "Email me about unread messages" }),
  ).toHaveAttribute("aria-checked", "true");
  await Promise.all([context.close(), agentContext.close(), outsider.close()]);
});
