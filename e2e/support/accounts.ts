import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "Demo-pass-1";
export const demo = {
  artist: "artist@demo.test",
  agent1: "agent1@demo.test",
  agent2: "agent2@demo.test",
} as const;

let counter = 0;
export function freshEmail(prefix = "e2e"): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.test`;
}

/** A display name no earlier run used, for a journey that finds its artist by name in a list. */
export function freshName(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now() % 1_000_000} ${counter}`;
}

/**
 * Types an email and a password into the sign-in form on screen, until Sign
 * in is enabled. Typed while React was taking over the prerendered form, a
 * value can miss its state and Sign in stays disabled: it is typed again
 * until the form has it (cleared first: the same value typed again is no
 * change to React).
 */
export async function fillSignIn(page: Page, email: string, password: string) {
  const signIn = page.getByRole("button", { name: "Sign in" });
  await expect(async () => {
    await page.getByLabel("Email").fill("");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("");
    await page.getByLabel("Password", { exact: true }).fill(password);
    await expect(signIn).toBeEnabled({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto("/login");
  await fillSignIn(page, email, password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

export async function register(page: Page, name: string, email: string, password = "Str0ng-pass!") {
  await page.goto("/register");
  // The prerendered form's button enables once React owns it; typing before
  // that could be lost to hydration.
  await expect(page.getByRole("button", { name: "Create account" })).toBeEnabled();
  await page.getByLabel("Artist name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("checkbox", { name: /I agree to the/ }).check();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);
}
