import { describe, expect, it } from "vitest";
import { CONSENT_REQUIRED_MESSAGE, INVALID_EMAIL_MESSAGE } from "./auth-messages";
import { emailSchema, signUpSchema } from "./auth-schemas";

const valid = { name: "Nova", email: "nova@example.com", password: "Str0ng-pass!", consent: true };

describe("sign-up schema", () => {
  it("accepts a complete sign-up and normalises the email", () => {
    const parsed = signUpSchema.parse({ ...valid, email: "  Nova@Example.COM " });
    expect(parsed.email).toBe("nova@example.com");
  });

  it.each([false, undefined, "true"])("refuses consent %j with the spec's text", (consent) => {
    const result = signUpSchema.safeParse({ ...valid, consent });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(CONSENT_REQUIRED_MESSAGE);
  });

  it("requires an artist name that is not just spaces", () => {
    expect(signUpSchema.safeParse({ ...valid, name: "   " }).success).toBe(false);
  });

  it("refuses a weak password", () => {
    expect(signUpSchema.safeParse({ ...valid, password: "password" }).success).toBe(false);
  });
});

describe("email schema", () => {
  it.each(["a@b.co", "first.last+tag@example.org"])("accepts %s", (email) => {
    expect(emailSchema.safeParse(email).success).toBe(true);
  });
  it.each(["", "plain", "a@", "@b.com", "a b@c.com"])("refuses %j", (email) => {
    const result = emailSchema.safeParse(email);
    expect(result.success).toBe(false);
  });
  it("uses the catalogue's text for a malformed email", () => {
    expect(emailSchema.safeParse("plain").error?.issues[0]?.message).toBe(INVALID_EMAIL_MESSAGE);
  });
});
