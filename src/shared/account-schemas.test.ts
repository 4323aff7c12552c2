import { describe, expect, it } from "vitest";
import { DELETE_CONFIRMATION_MESSAGE, NEW_PASSWORDS_MISMATCH_MESSAGE } from "./account-messages";
import { changeEmailSchema, changePasswordSchema, deleteAccountSchema } from "./account-schemas";
import { INVALID_EMAIL_MESSAGE } from "./auth-messages";
import { PASSWORD_RULES_MESSAGE } from "./password-rules";

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe("change password schema", () => {
  const valid = { currentPassword: "old", newPassword: "N3w-pass!", confirmPassword: "N3w-pass!" };
  it("accepts a strong, confirmed new password", () => {
    expect(changePasswordSchema.safeParse(valid).success).toBe(true);
  });
  it("refuses a mismatched confirmation with the spec's text", () => {
    const result = changePasswordSchema.safeParse({ ...valid, confirmPassword: "N3w-pass?" });
    expect(firstMessage(result)).toBe(NEW_PASSWORDS_MISMATCH_MESSAGE);
  });
  it("refuses a weak new password with the spec's text", () => {
    const result = changePasswordSchema.safeParse({
      ...valid,
      newPassword: "weak",
      confirmPassword: "weak",
    });
    expect(firstMessage(result)).toBe(PASSWORD_RULES_MESSAGE);
  });
  it("requires the current password", () => {
    expect(changePasswordSchema.safeParse({ ...valid, currentPassword: "" }).success).toBe(false);
  });
});

describe("change email schema", () => {
  it("normalises the new email and refuses a malformed one", () => {
    expect(changeEmailSchema.parse({ password: "p", newEmail: " A@B.co " }).newEmail).toBe(
      "a@b.co",
    );
    expect(firstMessage(changeEmailSchema.safeParse({ password: "p", newEmail: "a@" }))).toBe(
      INVALID_EMAIL_MESSAGE,
    );
  });
});

describe("delete account schema", () => {
  it.each(["delete", "DELETE ", " DELETE", "", "DELET"])("refuses %j", (confirm) => {
    const result = deleteAccountSchema.safeParse({ password: "p", confirm });
    expect(firstMessage(result)).toBe(DELETE_CONFIRMATION_MESSAGE);
  });
  it("accepts exactly DELETE", () => {
    expect(deleteAccountSchema.safeParse({ password: "p", confirm: "DELETE" }).success).toBe(true);
  });
});
