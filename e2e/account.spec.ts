import { expect, test, type Page } from "@playwright/test";
import { solidPng } from "../src/cli/seed/solid-png";
import { demo, fillSignIn, freshEmail, register } from "./support/accounts";
import { expectAccessible } from "./support/axe";

const PASSWORD = "Str0ng-pass!";

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await fillSignIn(page, email, password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

async function logOut(page: Page) {
  await page.goto("/settings");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test("a new artist's wallet: a real zero balance, no transactions, no banner nor sample rows", async ({
  page,
}) => {
  await register(page, "Wallet Artist", freshEmail("wallet"));
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Wallet" })
    .click();
  await expect(page.getByRole("heading", { name: "Wallet" })).toBeVisible();
  const balance = page.getByRole("region", { name: "Available Balance" });
  await expect(balance.getByText("Rs.0.00")).toBeVisible();
  await expect(page.getByText(/^No transactions yet\./)).toBeVisible();
  await expect(page.getByText("Currently Under Development")).toHaveCount(0);
  await expect(page.getByText("Sample data")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Payout details" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Earnings" })).toBeVisible();
  await expectAccessible(page);
});

test("edit artist name, bio and links with cancel and save; settings shows the name", async ({
  page,
}) => {
  await register(page, "First Name", freshEmail("profile"));
  await page.goto("/settings");
  await page.getByRole("link", { name: "Artist Account" }).click();
  await expect(page).toHaveURL(/\/artist-account$/);
  await expect(page.getByRole("heading", { name: "Artist Account" })).toBeVisible();
  await expectAccessible(page);

  // Saved name: read-only with an edit button; Cancel restores it.
  const name = page.getByRole("textbox", { name: "Artist name", exact: true });
  await expect(name).toHaveValue("First Name");
  await expect(name).toHaveAttribute("readonly", "");
  await page.getByRole("button", { name: "Edit artist name" }).click();
  // Focus follows: into the field on Edit, back to Edit on Cancel.
  await expect(name).toBeFocused();
  await name.fill("Discarded");
  await page.getByRole("button", { name: "Cancel editing artist name" }).click();
  await expect(name).toHaveValue("First Name");
  await expect(name).toHaveAttribute("readonly", "");
  await expect(page.getByRole("button", { name: "Edit artist name" })).toBeFocused();

  await page.getByRole("button", { name: "Edit artist name" }).click();
  await name.fill("   ");
  await expect(page.getByRole("button", { name: "Save artist name" })).toBeDisabled();
  await name.fill("  Nova Sound ");
  await page.getByRole("button", { name: "Save artist name" }).click();
  await expect(page.getByText("Artist name saved successfully!")).toBeVisible();
  await expect(name).toHaveValue("Nova Sound");

  // Empty bio: straight in edit mode, a 6-row textarea.
  const bio = page.getByRole("textbox", { name: "Bio", exact: true });
  await expect(bio).toHaveAttribute("rows", "6");
  await expect(bio).not.toHaveAttribute("readonly");
  await bio.fill("Synth pop from Lisbon.");
  await page.getByRole("button", { name: "Save bio" }).click();
  await expect(page.getByText("Bio saved successfully!")).toBeVisible();
  await expect(bio).toHaveAttribute("readonly", "");

  // Links: an invalid scheme is refused, a bare domain gets https://.
  const spotify = page.getByRole("textbox", { name: "Spotify link", exact: true });
  await spotify.fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save Spotify link" }).click();
  await expect(page.getByText("Invalid URL format for Spotify link")).toBeVisible();
  await spotify.fill("open.spotify.com/artist/nova");
  await page.getByRole("button", { name: "Save Spotify link" }).click();
  await expect(page.getByText("Spotify link saved successfully!")).toBeVisible();
  await expect(spotify).toHaveValue("https://open.spotify.com/artist/nova");

  const youtube = page.getByRole("textbox", { name: "YouTube link", exact: true });
  await youtube.fill("youtube.com/@nova");
  await page.getByRole("button", { name: "Save YouTube link" }).click();
  await expect(page.getByText("Youtube link saved successfully!")).toBeVisible();
  // Clearing a saved link: edit, empty, save.
  await page.getByRole("button", { name: "Edit YouTube link" }).click();
  await youtube.fill("");
  await page.getByRole("button", { name: "Save YouTube link" }).click();
  await expect(page.getByText("Youtube link saved successfully!")).toBeVisible();
  await expect(youtube).toHaveValue("");
  await expectAccessible(page);

  // The values survive a reload and show in the settings profile card.
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Bio", exact: true })).toHaveValue(
    "Synth pop from Lisbon.",
  );
  await page.getByRole("link", { name: "Back to settings" }).click();
  await expect(page.getByRole("region", { name: "Profile" }).getByText("Nova Sound")).toBeVisible();
});

test("change password, then sign in with the new one", async ({ page }) => {
  const email = freshEmail("pw");
  await register(page, "Pw Artist", email);
  await page.goto("/settings");
  await page.getByRole("link", { name: "Change Password" }).click();
  await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();
  await expectAccessible(page);

  const newPassword = "N3w-pass-word!";
  await page.getByLabel("Current password", { exact: true }).fill("Wrong-pass-1");
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  const checklist = page.getByRole("list", { name: "Password requirements" });
  await expect(checklist.getByText("One special character (e.g. !@#$%) (met)")).toBeAttached();
  await page.getByLabel("Confirm new password", { exact: true }).fill("N3w-pass-wor");
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("New passwords do not match.")).toBeVisible();

  await page.getByLabel("Confirm new password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Incorrect current password. Please try again.")).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Password updated successfully!")).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/, { timeout: 5000 });

  await logOut(page);
  await signIn(page, email, PASSWORD);
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/$/);
});

test("change email, then sign in with it", async ({ page }) => {
  const email = freshEmail("mail");
  const newEmail = freshEmail("moved");
  await register(page, "Mail Artist", email);
  await page.goto("/settings");
  await page.getByRole("link", { name: "Manage Account" }).click();
  await expect(page.getByRole("heading", { name: "Manage Account" })).toBeVisible();
  const emailTab = page.getByRole("tab", { name: "Change Email" });
  await expect(emailTab).toHaveAttribute("aria-selected", "true");
  await expectAccessible(page);

  const panel = page.getByRole("tabpanel", { name: "Change Email" });
  await panel.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await panel.getByLabel("New email").fill("not-an-email");
  await panel.getByRole("button", { name: "Change email" }).click();
  await expect(
    page.getByText("Invalid email format. Please enter a valid email address."),
  ).toBeVisible();

  // An address another account has: said beside it, and the focus goes there.
  await panel.getByLabel("New email").fill(demo.artist);
  await panel.getByRole("button", { name: "Change email" }).click();
  await expect(panel.getByLabel("New email")).toHaveAccessibleDescription(
    /This email is already in use by another account\./,
  );
  await expect(panel.getByLabel("New email")).toBeFocused();

  await panel.getByLabel("New email").fill(newEmail);
  await panel.getByLabel("Current password", { exact: true }).fill("Wrong-pass-1");
  await panel.getByRole("button", { name: "Change email" }).click();
  await expect(page.getByText("Incorrect password. Please try again.")).toBeVisible();
  await expect(panel.getByLabel("Current password", { exact: true })).toBeFocused();

  await panel.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await panel.getByRole("button", { name: "Change email" }).click();
  await expect(page.getByText("Email changed successfully! Redirecting...")).toBeVisible();
  await expect(page).toHaveURL(/\/settings$/, { timeout: 5000 });
  await expect(page.getByRole("region", { name: "Profile" }).getByText(newEmail)).toBeVisible();

  await logOut(page);
  await signIn(page, newEmail, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
});

test("delete the account through both steps; signing in fails afterwards", async ({ page }) => {
  const email = freshEmail("gone");
  await register(page, "Gone Artist", email);
  await page.goto("/manage-account");

  // Tabs follow the arrow keys.
  const emailTab = page.getByRole("tab", { name: "Change Email" });
  await emailTab.focus();
  await page.keyboard.press("ArrowRight");
  const deleteTab = page.getByRole("tab", { name: "Delete Account" });
  await expect(deleteTab).toBeFocused();
  await expect(deleteTab).toHaveAttribute("aria-selected", "true");
  await expect(emailTab).toHaveAttribute("tabindex", "-1");

  const panel = page.getByRole("tabpanel", { name: "Delete Account" });
  await panel.getByLabel("Password", { exact: true }).fill("Wrong-pass-1");
  await panel.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Incorrect password. Please try again.")).toBeVisible();
  await expectAccessible(page);

  await panel.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await panel.getByRole("button", { name: "Continue" }).click();
  const word = panel.getByLabel("Type DELETE to confirm");
  const confirm = panel.getByRole("button", { name: "Delete account" });
  await expect(confirm).toBeDisabled();
  await word.fill("delete");
  await expect(page.getByText("Please type DELETE to confirm account deletion")).toBeVisible();
  await expect(confirm).toBeDisabled();
  await expectAccessible(page);

  // Cancel goes back to the password step.
  await panel.getByRole("button", { name: "Cancel" }).click();
  await expect(panel.getByRole("button", { name: "Continue" })).toBeVisible();
  await panel.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await panel.getByRole("button", { name: "Continue" }).click();
  await panel.getByLabel("Type DELETE to confirm").fill("DELETE");
  await panel.getByRole("button", { name: "Delete account" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // /login confirms it, and says what became of the messages already sent.
  const notice = page.getByRole("status").filter({ hasText: "Your account has been deleted." });
  await expect(notice).toContainText("support can no longer read them");
  await expectAccessible(page);

  await signIn(page, email, PASSWORD);
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  // Protected screens send to /login.
  await page.goto("/artist-account");
  await expect(page).toHaveURL(/\/login$/);
});

test("upload a profile picture with progress, cancel and errors; settings shows it", async ({
  page,
}) => {
  await register(page, "Picture Artist", freshEmail("pic"));
  await page.goto("/artist-account");
  const chooser = page.getByLabel("Choose picture");
  await expect(page.getByText("JPG, PNG, GIF up to 5MB")).toBeVisible();

  // Checked in the browser before anything is sent.
  await chooser.setInputFiles({
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("hello"),
  });
  await expect(page.getByText("Please select a valid image file")).toBeVisible();
  await chooser.setInputFiles({
    name: "huge.png",
    mimeType: "image/png",
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(page.getByText("Image size must be less than 5MB")).toBeVisible();

  // Claims to be a PNG, but the server reads the bytes and refuses them.
  await chooser.setInputFiles({
    name: "fake.png",
    mimeType: "image/png",
    buffer: Buffer.from("<svg onload=alert(1)>".repeat(10)),
  });
  await page.getByRole("button", { name: "Save picture" }).click();
  await expect(page.getByText("Failed to upload image")).toBeVisible();

  // Preview, then Cancel discards it.
  const png = { name: "me.png", mimeType: "image/png", buffer: solidPng(32, 32, [30, 90, 200]) };
  await chooser.setInputFiles(png);
  await expect(page.getByRole("img", { name: "Selected file preview" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page.getByRole("img", { name: "Selected file preview" })).toHaveCount(0);

  // Hold the bytes back so the progress ring and Cancel upload can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/uploads/*", async (route) => {
    if (route.request().method() === "PATCH") await held;
    await route.continue().catch(() => undefined);
  });
  await chooser.setInputFiles(png);
  await page.getByRole("button", { name: "Save picture" }).click();
  await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Cancel upload" }).click();
  await expect(page.getByText("Upload was canceled")).toBeVisible();
  release();
  await page.unroute("**/api/uploads/*");

  await chooser.setInputFiles(png);
  await page.getByRole("button", { name: "Save picture" }).click();
  await expect(page.getByText("Profile picture uploaded successfully!")).toBeVisible();
  await expect(page.getByRole("img", { name: "Selected file preview" })).toHaveCount(0);
  await expect(page.getByRole("img", { name: "Picture Artist" })).toHaveAttribute(
    "src",
    /^\/api\/files\//,
  );
  await expectAccessible(page);

  await page.getByRole("link", { name: "Back to settings" }).click();
  const card = page.getByRole("region", { name: "Profile" });
  const picture = card.getByRole("img", { name: "Picture Artist" });
  await expect(picture).toHaveAttribute("src", /^\/api\/files\//);
  // The image really loads (served to the signed-in user). Its thumbnail is
  // asked for; a 32 px picture has nothing to shrink, so the original comes,
  // its natural size read through the srcset's density (not 32).
  await expect
    .poll(() =>
      picture.evaluate(
        (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      ),
    )
    .toBe(true);
  expect(await picture.evaluate((img) => (img as HTMLImageElement).currentSrc)).toMatch(/\?w=\d+$/);
});
