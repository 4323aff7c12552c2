import { describe, expect, it, vi } from "vitest";
import type { ChatMessage, SendMessageInput } from "../../../../shared/chat";
import { SEND_RETRY_AFTER_MS } from "../../../../shared/chat-events";
import { SendRefusedError } from "../realtime/send-over-link";
import { UploadError } from "../../../lib/upload";
import { Outbox, type OutboxDeps } from "./outbox";
import type { OutboxEntry } from "./outbox-store";

/** IndexedDB stand-in: a Map shared by the "page loads" of one test. */
function memoryStore(saved = new Map<string, OutboxEntry>()) {
  return {
    saved,
    forUser: (userId: string) =>
      Promise.resolve([...saved.values()].filter((e) => e.userId === userId)),
    put: (entry: OutboxEntry) => Promise.resolve(void saved.set(entry.id, structuredClone(entry))),
    delete: (id: string) => Promise.resolve(void saved.delete(id)),
  };
}

/** The server: stores each id once, like the real ON CONFLICT (id) DO NOTHING. */
function server() {
  const stored = new Map<string, ChatMessage>();
  const send = vi.fn((input: SendMessageInput) => {
    const message = stored.get(input.id) ?? {
      id: input.id,
      roomId: input.roomId,
      seq: stored.size + 1,
      userId: "u",
      senderName: "U",
      text: input.text ?? "",
      createdAt: 1,
      status: "sent" as const,
      from_msg_num: 0,
      to_msg_num: 1,
      fileUrl: input.fileId ? `/api/files/${input.fileId}` : null,
      fileType: input.fileId ? ("image" as const) : null,
      fileName: null,
      fileSize: null,
    };
    stored.set(input.id, message);
    // Answered over the network: never within the same tick.
    return new Promise<ChatMessage>((resolve) => setTimeout(() => resolve(message), 0));
  });
  return { stored, send };
}

function deps(
  store: ReturnType<typeof memoryStore>,
  send: OutboxDeps["send"],
  extra: Partial<OutboxDeps> = {},
) {
  return {
    store,
    send,
    upload: vi.fn(() =>
      Promise.resolve({
        id: "f1",
        url: "",
        kind: "image",
        mimeType: "image/png",
        size: 1,
        name: "a.png",
      } as const),
    ),
    onStored: vi.fn(),
    report: vi.fn(),
    ...extra,
  } satisfies OutboxDeps;
}

const text = (id: string) => ({
  id,
  roomId: "r",
  senderName: "U",
  text: id,
  createdAt: 1,
  file: null,
});

describe("Outbox", () => {
  it("keeps a message until it is acknowledged, then forgets it", async () => {
    const store = memoryStore();
    const api = server();
    const d = deps(store, api.send);
    const outbox = new Outbox("u", d);
    await outbox.add(text("m1"));
    await vi.waitFor(() => expect(d.onStored).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(store.saved.size).toBe(0));
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it("sends what a previous page left unsent once, after a reload", async () => {
    const store = memoryStore();
    const api = server();
    // First page: the socket never answers (offline), then the page is gone.
    const first = new Outbox(
      "u",
      deps(store, () => new Promise(() => undefined)),
    );
    await first.add(text("LOST-1"));
    first.stop();
    expect([...store.saved.keys()]).toEqual(["LOST-1"]);

    // Reloaded page: the entry is sent, stored once, and removed.
    const d = deps(store, api.send);
    const second = new Outbox("u", d);
    await second.start();
    await vi.waitFor(() => expect(store.saved.size).toBe(0));
    expect(api.stored.size).toBe(1);
    expect(d.onStored).toHaveBeenCalledTimes(1);
  });

  it("keeps a song reference across a reload and sends its id", async () => {
    const store = memoryStore();
    const api = server();
    const song = { id: "s1", title: "Night Drive", status: "released", coverUrl: null };
    const first = new Outbox(
      "u",
      deps(store, () => new Promise(() => undefined)),
    );
    await first.add({ ...text("ask"), song });
    first.stop();
    expect(store.saved.get("ask")?.song).toEqual(song);
    const d = deps(store, api.send);
    const second = new Outbox("u", d);
    await second.start();
    expect(second.getSnapshot()[0]?.song).toEqual(song);
    await vi.waitFor(() => expect(api.stored.size).toBe(1));
    expect(api.send.mock.calls[0]![0]).toMatchObject({ id: "ask", songId: "s1" });
    // A message without a reference sends no songId at all.
    await second.add(text("plain"));
    await vi.waitFor(() => expect(api.stored.size).toBe(2));
    expect(api.send.mock.calls[1]![0]).not.toHaveProperty("songId");
  });

  it("does not upload again after a reload once the file is stored", async () => {
    const store = memoryStore();
    const api = server();
    const file = new File(["x"], "a.png", { type: "image/png" });
    const first = new Outbox(
      "u",
      deps(store, () => new Promise(() => undefined)),
    );
    await first.add({ ...text("f"), text: "", file: { data: file, kind: "image" } });
    await vi.waitFor(() => expect(store.saved.get("f")?.fileId).toBe("f1"));
    first.stop();
    const d = deps(store, api.send);
    await new Outbox("u", d).start();
    await vi.waitFor(() => expect(api.stored.size).toBe(1));
    expect(d.upload).not.toHaveBeenCalled();
    expect(api.send.mock.calls[0]![0]).toMatchObject({ id: "f", fileId: "f1" });
  });

  it("keeps a refused message with the server's reason, and Retry sends it again", async () => {
    const store = memoryStore();
    let refuse = true;
    const api = server();
    const send = (input: SendMessageInput) =>
      refuse ? Promise.reject(new SendRefusedError("Too long.")) : api.send(input);
    const d = deps(store, send);
    const outbox = new Outbox("u", d);
    await outbox.add(text("m"));
    await vi.waitFor(() => expect(outbox.getSnapshot()[0]?.failure).toBe("Too long."));
    expect(store.saved.get("m")?.failure).toBe("Too long.");
    expect(d.report).toHaveBeenCalledWith("send", "Too long.");
    refuse = false;
    outbox.retry("m");
    await vi.waitFor(() => expect(outbox.getSnapshot()).toEqual([]));
    expect(api.stored.size).toBe(1);
  });

  it("waits for the connection on a network failure instead of failing, and Remove forgets", async () => {
    const store = memoryStore();
    const api = server();
    let network = false;
    const d = deps(store, api.send, {
      upload: vi.fn(() =>
        network
          ? Promise.resolve({
              id: "f2",
              url: "",
              kind: "image",
              mimeType: "image/png",
              size: 1,
              name: "b.png",
            } as const)
          : Promise.reject(new UploadError("network", "The connection was lost.")),
      ),
    });
    const outbox = new Outbox("u", d);
    const file = new File(["y"], "b.png", { type: "image/png" });
    await outbox.add({ ...text("up"), text: "", file: { data: file, kind: "image" } });
    await vi.waitFor(() => expect(d.upload).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(outbox.getSnapshot()[0]?.failure).toBeNull();
    network = true;
    outbox.resume();
    await vi.waitFor(() => expect(api.stored.size).toBe(1));

    const rejected = new Outbox(
      "u",
      deps(memoryStore(), api.send, {
        upload: vi.fn(() =>
          Promise.reject(new UploadError("rejected", "This file type is not allowed.")),
        ),
      }),
    );
    await rejected.add({ ...text("bad"), text: "", file: { data: file, kind: "image" } });
    await vi.waitFor(() =>
      expect(rejected.getSnapshot()[0]?.failure).toBe("This file type is not allowed."),
    );
    // The server refused the file itself: no Retry is offered, and none runs.
    expect(rejected.getSnapshot()[0]?.permanent).toBe(true);
    rejected.retry("bad");
    expect(rejected.getSnapshot()[0]?.failure).toBe("This file type is not allowed.");
    await rejected.remove("bad");
    expect(rejected.getSnapshot()).toEqual([]);
  });

  it("tries an upload again after a while when its answer was lost and the link never dropped (issue 48)", async () => {
    vi.useFakeTimers();
    try {
      const api = server();
      let attempts = 0;
      const d = deps(memoryStore(), api.send, {
        upload: vi.fn(() => {
          attempts += 1;
          return attempts === 1
            ? Promise.reject(new UploadError("network", "The connection was lost."))
            : Promise.resolve({
                id: "f3",
                url: "",
                kind: "image",
                mimeType: "image/png",
                size: 1,
                name: "c.png",
              } as const);
        }),
      });
      const outbox = new Outbox("u", d);
      const file = new File(["z"], "c.png", { type: "image/png" });
      await outbox.add({ ...text("again"), text: "", file: { data: file, kind: "image" } });
      await vi.advanceTimersByTimeAsync(10);
      expect(d.upload).toHaveBeenCalledTimes(1);
      expect(api.stored.size).toBe(0);
      // No reconnect comes (the live link was up all along): the outbox tries again by itself.
      await vi.advanceTimersByTimeAsync(SEND_RETRY_AFTER_MS + 10);
      expect(d.upload).toHaveBeenCalledTimes(2);
      expect(api.stored.get("again")?.fileUrl).toBe("/api/files/f3");
      expect(outbox.getSnapshot()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
