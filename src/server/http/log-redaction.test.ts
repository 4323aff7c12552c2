import { describe, expect, it } from "vitest";
import { REDACTED, redactUrl, redactUrlsIn } from "./log-redaction";

describe("redactUrl", () => {
  it("replaces secret query parameters and keeps the rest", () => {
    expect(redactUrl("/reset-password?token=abc123&x=1")).toBe(
      `/reset-password?token=${REDACTED}&x=1`,
    );
    expect(redactUrl("/api/mail/unsubscribe?TOKEN=u.sig")).toBe(
      `/api/mail/unsubscribe?TOKEN=${REDACTED}`,
    );
    expect(redactUrl("/api/songs?cursor=abc&limit=10")).toBe("/api/songs?cursor=abc&limit=10");
    expect(redactUrl("/x?%74oken=abc")).toBe(`/x?%74oken=${REDACTED}`);
  });

  it("replaces secret path segments", () => {
    expect(redactUrl("/api/auth/reset-password/abcDEF123?callbackURL=x")).toBe(
      `/api/auth/reset-password/${REDACTED}?callbackURL=${REDACTED}`,
    );
    expect(redactUrl("/api/auth/reset-password/status?token=t")).toBe(
      `/api/auth/reset-password/status?token=${REDACTED}`,
    );
  });

  it("replaces a split invitation's token in its link and its API", () => {
    const token = "eufNYZ0123456789abcdefghijklmnopqrstuvGid0";
    expect(redactUrl(`/splits/invite/${token}`)).toBe(`/splits/invite/${REDACTED}`);
    expect(redactUrl(`/api/split-invites/${token}`)).toBe(`/api/split-invites/${REDACTED}`);
    expect(redactUrl(`/api/split-invites/${token}/claim`)).toBe(
      `/api/split-invites/${REDACTED}/claim`,
    );
    expect(redactUrl(`https://portal.test/splits/invite/${token}?x=1`)).toBe(
      `https://portal.test/splits/invite/${REDACTED}?x=1`,
    );
  });

  it("finds links inside free text", () => {
    expect(redactUrlsIn("failed on https://portal.test/undo-email-change?token=zz9 today")).toBe(
      `failed on https://portal.test/undo-email-change?token=${REDACTED} today`,
    );
    expect(redactUrlsIn("/reset-password?token=abc")).toBe(`/reset-password?token=${REDACTED}`);
    expect(redactUrlsIn("opened https://portal.test/splits/invite/tok3n then left")).toBe(
      `opened https://portal.test/splits/invite/${REDACTED} then left`,
    );
    // A bare path, as a client's report gives its page (location.pathname).
    expect(redactUrlsIn("failed on /splits/invite/tok3n-X_y while sending")).toBe(
      `failed on /splits/invite/${REDACTED} while sending`,
    );
    expect(redactUrlsIn("/api/split-invites/abc/claim: 409")).toBe(
      `/api/split-invites/${REDACTED}/claim: 409`,
    );
  });
});
