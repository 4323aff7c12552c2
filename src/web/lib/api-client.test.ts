import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiAnswerError } from "./api-answers";
import { ApiError, apiFetch } from "./api-client";

const answer = (status: number, body: unknown) =>
  vi.stubGlobal("fetch", () =>
    Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status })),
  );

afterEach(() => vi.unstubAllGlobals());

describe("apiFetch checks every answer against the server's response schema (decision 101)", () => {
  it("runs with the check on: tests and development", () => {
    expect(import.meta.env.DEV).toBe(true);
  });

  it("answers an answer of the named shape as it came", async () => {
    answer(200, { items: [], nextCursor: null });
    await expect(apiFetch("/api/songs", { answer: "songSummaryPage" })).resolves.toEqual({
      items: [],
      nextCursor: null,
    });
    answer(200, { unread: 3 });
    await expect(apiFetch("/api/desk/unread", { answer: "deskUnread" })).resolves.toEqual({
      unread: 3,
    });
    // A 204 has no body: read as null.
    answer(204, undefined);
    await expect(
      apiFetch("/api/releases/r1", { answer: "nothing", method: "DELETE" }),
    ).resolves.toBeNull();
  });

  it("rejects an answer of another shape, naming the request, the answer and the issue", async () => {
    answer(200, { items: [{ id: 7 }], nextCursor: null });
    const failure = apiFetch("/api/songs?status=pending", { answer: "songSummaryPage" });
    await expect(failure).rejects.toBeInstanceOf(ApiAnswerError);
    await expect(failure).rejects.toThrow(
      /^GET \/api\/songs\?status=pending answered a shape that is not songSummaryPage: items\.0\.id: Invalid input: expected string, received number/,
    );

    answer(200, { ok: true });
    await expect(
      apiFetch("/api/account/change-email", { answer: "emailChanged", body: { email: "x" } }),
    ).rejects.toThrow(
      "POST /api/account/change-email answered a shape that is not emailChanged: email: Invalid input: expected string, received undefined",
    );
  });

  it("rejects a name another route answers, even when the shape fits (issue 48)", async () => {
    // forgot-password answers okMessage; `ok` is a looser shape the same body fits.
    answer(200, { ok: true, message: "Check your inbox." });
    const failure = apiFetch("/api/auth/forgot-password", { answer: "ok", body: {} });
    await expect(failure).rejects.toBeInstanceOf(ApiAnswerError);
    await expect(failure).rejects.toThrow(
      /^POST \/api\/auth\/forgot-password does not answer ok, which only .*POST \/api\/auth\/reset-password answer$/,
    );
    answer(200, { ok: true, message: "Check your inbox." });
    await expect(
      apiFetch("/api/auth/forgot-password", { answer: "okMessage", body: {} }),
    ).resolves.toEqual({ ok: true, message: "Check your inbox." });
    // Parameters match any one segment, never more or none.
    answer(200, { unread: 1 });
    await expect(apiFetch("/api/desk/unread/x", { answer: "deskUnread" })).rejects.toThrow(
      "does not answer deskUnread",
    );
  });

  it("still reports a refusal as an ApiError, whatever its body", async () => {
    answer(404, { message: "Song not found." });
    const failure = apiFetch("/api/songs/s1", { answer: "songRecord" });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow("Song not found.");
  });
});
