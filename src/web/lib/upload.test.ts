import { describe, expect, it, vi } from "vitest";
import { isSameUploadContext, uploadFile } from "./upload";

const tus = vi.hoisted(() => ({
  previous: [] as { metadata: Record<string, string> }[],
  resumed: [] as unknown[],
  started: 0,
}));
vi.mock("tus-js-client", () => ({
  DetailedError: class extends Error {},
  Upload: class {
    findPreviousUploads() {
      return Promise.resolve(tus.previous);
    }
    resumeFromPreviousUpload(previous: unknown) {
      tus.resumed.push(previous);
    }
    start() {
      tus.started += 1;
    }
    abort() {
      return Promise.resolve();
    }
  },
}));

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
