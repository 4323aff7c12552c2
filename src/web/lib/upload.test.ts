import { afterEach, describe, expect, it, vi } from "vitest";
import { isSameUploadContext, shouldRetryUpload, uploadFile } from "./upload";

const tus = vi.hoisted(() => ({
  previous: [] as { metadata: Record<string, string> }[],
  resumed: [] as unknown[],
  started: 0,
  /** What the fake upload's last response carries; null: it does not finish. */
  finishWith: null as string | null,
  /** The answer the fake creation fails with; null: it does not fail. */
  failWith: null as { status: number; body: string } | null,
}));
vi.mock("tus-js-client", () => {
  class DetailedError extends Error {
    originalResponse: unknown = null;
  }
  return { DetailedError, Upload: fakeUpload(DetailedError) };
});

function fakeUpload(DetailedError: new () => Error & { originalResponse: unknown }) {
  return class {
    url = "http://localhost/api/uploads/u1";
    constructor(
      _file: unknown,
      private readonly options: {
        onSuccess: (p: unknown) => void;
        onError: (e: Error) => void;
      },
    ) {}
    findPreviousUploads() {
      return Promise.resolve(tus.previous);
    }
    resumeFromPreviousUpload(previous: unknown) {
      tus.resumed.push(previous);
    }
    start() {
      tus.started += 1;
      const failure = tus.failWith;
      if (failure) {
        const error = new DetailedError();
        error.originalResponse = {
          getStatus: () => failure.status,
          getBody: () => failure.body,
        };
        this.options.onError(error);
        return;
      }
      const body = tus.finishWith;
      if (body !== null) this.options.onSuccess({ lastResponse: { getBody: () => body } });
    }
    abort() {
      return Promise.resolve();
    }
  };
}

describe("resuming a previous upload", () => {
  const previous = { filename: "a.png", filetype: "image/png", purpose: "chat", roomId: "a-b" };

  it("resumes only an upload of the same purpose and metadata", () => {
    expect(isSameUploadContext(previous, { purpose: "chat", metadata: { roomId: "a-b" } })).toBe(
      true,
    );
    expect(isSameUploadContext(previous, { purpose: "chat", metadata: { roomId: "a-c" } })).toBe(
      false,
    );
    expect(isSameUploadContext(previous, { purpose: "avatar" })).toBe(false);
    expect(isSameUploadContext(undefined, { purpose: "chat" })).toBe(false);
  });

  it("starts fresh when the same file was uploaded for another room", async () => {
    const file = new File(["x"], "a.png", { type: "image/png" });
    tus.previous = [{ metadata: previous }];
    void uploadFile(file, { purpose: "chat", metadata: { roomId: "a-c" } });
    await vi.waitFor(() => expect(tus.started).toBe(1));
    expect(tus.resumed).toEqual([]);

    void uploadFile(file, { purpose: "chat", metadata: { roomId: "a-b" } });
    await vi.waitFor(() => expect(tus.started).toBe(2));
    expect(tus.resumed).toEqual([{ metadata: previous }]);
  });
});

describe("finishing an upload", () => {
  const stored = {
    id: "u1",
    url: "/api/files/u1",
    kind: "image",
    mimeType: "image/png",
    size: 1,
    name: "a.png",
  };
  const file = new File(["x"], "a.png", { type: "image/png" });
  afterEach(() => {
    tus.finishWith = null;
    tus.previous = [];
    vi.unstubAllGlobals();
  });

  it("reads the stored file from the last PATCH's answer", async () => {
    tus.finishWith = JSON.stringify(stored);
    await expect(uploadFile(file, { purpose: "chat" })).resolves.toEqual(stored);
  });

  it("asks for the details when a resume finds the upload already finished (a HEAD, no body)", async () => {
    tus.finishWith = "";
    const asked: string[] = [];
    vi.stubGlobal("fetch", (url: string) => {
      asked.push(url);
      return Promise.resolve(new Response(JSON.stringify(stored)));
    });
    await expect(uploadFile(file, { purpose: "chat" })).resolves.toEqual(stored);
    expect(asked).toEqual(["/api/uploads/u1/file"]);
  });

  it("fails with a reason when those details cannot be had", async () => {
    tus.finishWith = "";
    vi.stubGlobal("fetch", () => Promise.resolve(new Response("", { status: 404 })));
    await expect(uploadFile(file, { purpose: "chat" })).rejects.toThrow(
      "The server's answer could not be read.",
    );
  });
});

describe("retrying a failed request", () => {
  it("retries lost connections, server errors and timeouts for ten minutes", () => {
    for (const status of [0, 500, 503, 408]) {
      expect(shouldRetryUpload(status, false, 0)).toBe(true);
      expect(shouldRetryUpload(status, true, 10 * 60_000)).toBe(false);
    }
    expect(shouldRetryUpload(413, true, 0)).toBe(false);
  });

  it("shows a per-user limit at creation (429) at once, but retries a 429 mid-upload", () => {
    expect(shouldRetryUpload(429, false, 0)).toBe(false);
    expect(shouldRetryUpload(429, true, 0)).toBe(true);
  });

  it("settles an offset conflict (409) or a locked upload (423) mid-upload by retrying, which asks the offset", () => {
    for (const status of [409, 423]) {
      expect(shouldRetryUpload(status, true, 0)).toBe(true);
      expect(shouldRetryUpload(status, true, 10 * 60_000)).toBe(false);
    }
    expect(shouldRetryUpload(400, true, 0)).toBe(false);
  });
});

describe("a refused creation", () => {
  const file = new File(["x"], "a.png", { type: "image/png" });
  afterEach(() => {
    tus.failWith = null;
  });

  it("carries a per-user limit's message (429, 413) as a limited failure", async () => {
    tus.failWith = { status: 429, body: "You're starting uploads too fast." };
    await expect(uploadFile(file, { purpose: "chat" })).rejects.toMatchObject({
      reason: "limited",
      message: "You're starting uploads too fast.",
      atStart: true,
    });
    tus.failWith = { status: 413, body: "Over your storage space." };
    await expect(uploadFile(file, { purpose: "chat" })).rejects.toMatchObject({
      reason: "limited",
    });
  });
});
