import { expect, test } from "@playwright/test";
import { fillSignIn, freshEmail, register } from "./support/accounts";
import { expectAccessible } from "./support/axe";

test("register, see settings, switch dark mode, log out", async ({ page }) => {
  const email = freshEmail("reg");

  await page.goto("/register");
  await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
  await expectAccessible(page);

  // The live checklist follows what is typed.
  await page.getByLabel("Password", { exact: true }).fill("abc");
  const checklist = page.getByRole("list", { name: "Password requirements" });
  await expect(checklist.getByText("One lowercase letter (met)")).toBeAttached();
  await expect(checklist.getByText("One uppercase letter (not met)")).toBeAttached();

  // Consent is required, with the spec's text.
  await page.getByLabel("Artist name").fill("Nova Sound");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Str0ng-pass!");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(
    page.getByText("You must agree to the Terms of Service, Privacy Policy, and EULA to continue."),
  ).toBeVisible();
  await expectAccessible(page);

  // The legal links open in a new tab.
  for (const name of ["Terms of Service", "Privacy Policy", "EULA"]) {
    await expect(page.getByRole("link", { name, exact: true })).toHaveAttribute("target", "_blank");
  }

  // Show/hide toggle.
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();

  await page.getByRole("checkbox", { name: /I agree to the/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);

  // Signed in: /login and /register send back to /.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/$/);

  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Settings" })
    .click();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  const profile = page.getByRole("region", { name: "Profile" });
  await expect(profile.getByText("Nova Sound")).toBeVisible();
  await expect(profile.getByText(email)).toBeVisible();
  await expect(page.getByText("Version 1.1.0")).toBeVisible();
  await expect(page.getByRole("link", { name: /Privacy Policy/ })).toHaveAttribute(
    "target",
    "_blank",
  );
  await expectAccessible(page);

  // Dark mode toggles, is stored as "true", and survives a reload with no flash.
  const html = page.locator("html");
  const toggle = page.getByRole("switch", { name: "Dark mode" });
  const startDark = await toggle.getAttribute("aria-checked");
  if (startDark === "true") await toggle.click();
  await expect(html).not.toHaveClass(/dark/);
  await toggle.click();
  await expect(html).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("darkMode"))).toBe("true");
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await expect(page.getByRole("switch", { name: "Dark mode" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await page.getByRole("switch", { name: "Dark mode" }).click();
  expect(await page.evaluate(() => localStorage.getItem("darkMode"))).toBe("false");

  // Log out: protected routes now send to /login.
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  for (const route of [
    "/",
    "/settings",
    "/change-password",
    "/manage-account",
    "/artist-account",
  ]) {
    await page.goto(route);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test("sign-in with a wrong password shows the catalogue's message", async ({ page }) => {
  const email = freshEmail("wrong");
  await register(page, "Wrong Pass", email);
  await page.context().clearCookies();

  await page.goto("/login");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await expectAccessible(page);
  await fillSignIn(page, email, "Not-the-pass-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await expectAccessible(page);

  await page.getByRole("link", { name: "Create one" }).click();
  await expect(page).toHaveURL(/\/register$/);
});

test("small screens get the bottom navigation with List", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await register(page, "Small Screen", freshEmail("mobile"));
  const bottom = page.getByRole("navigation", { name: "Bottom" });
  await expect(bottom).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(bottom.getByRole("link", { name: "List" })).toHaveAttribute("href", "/list");
  await bottom.getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await expectAccessible(page);
});
