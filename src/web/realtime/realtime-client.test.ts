import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeSocket } from "./fake-socket";
import { liveQuery } from "./live-query";
import { RealtimeClient } from "./realtime-client";
import { sockets } from "./fake-socket-io";

vi.mock("socket.io-client", () => import("./fake-socket-io"));

const session = vi.hoisted(() => ({ user: null as { id: string } | null }));
vi.mock("../lib/auth/session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../lib/auth/session")>()),
  fetchSessionUser: () => Promise.resolve(session.user),
}));

let queryClient: QueryClient | undefined;
let realtime: RealtimeClient | undefined;
afterEach(() => {
  realtime?.close();
  queryClient?.clear();
});

async function openFor(userId: string) {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  realtime = new RealtimeClient(queryClient);
  realtime.open(userId);
  await vi.waitFor(() => expect(sockets.all.at(-1)?.active).toBe(true));
  return { socket: sockets.all.at(-1)!, queryClient, realtime };
}

/** A mounted live query and one that is not live, counting their fetches. */
function watch(client: QueryClient) {
  const fetches = { live: 0, other: 0 };
  const live = new QueryObserver(client, {
    queryKey: ["live"],
    queryFn: () => ++fetches.live,
    staleTime: Infinity,
    ...liveQuery,
  });
  const other = new QueryObserver(client, {
    queryKey: ["other"],
    queryFn: () => ++fetches.other,
    staleTime: Infinity,
  });
  const stops = [live.subscribe(() => undefined), other.subscribe(() => undefined)];
  return { fetches, stop: () => stops.forEach((s) => s()) };
}

/** The connect's resync has run its course. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("when the live link opens", () => {
  it("waits for the screen's first answers before it connects", async () => {
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let answer!: (value: number) => void;
    const screen = new QueryObserver(queryClient, {
      queryKey: ["songs"],
      queryFn: () => new Promise<number>((resolve) => (answer = resolve)),
    });
    const stop = screen.subscribe(() => undefined);
    const before = sockets.all.length;
    realtime = new RealtimeClient(queryClient);
    realtime.open("a");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sockets.all.length).toBe(before);

    answer(1);
    await vi.waitFor(() => expect(sockets.all.at(-1)?.active).toBe(true));
    expect(sockets.all.length).toBe(before + 1);
    stop();
  });
});

describe("the realtime client's resync rule", () => {
  it("fetches every live query again on each connect (the first too) and on sync:required", async () => {
    const { socket, queryClient } = await openFor("a");
    const { fetches, stop } = watch(queryClient);
    await vi.waitFor(() => expect(queryClient.getQueryData(["live"])).toBe(1));
    expect(fetches).toEqual({ live: 1, other: 1 });
    const resyncs = vi.fn();
    realtime!.onResync(resyncs);

    socket.fire("connect");
    await vi.waitFor(() => expect(fetches.live).toBe(2));
    socket.fire("disconnect", "transport close");
    socket.fire("connect");
    await vi.waitFor(() => expect(fetches.live).toBe(3));
    // The server's instance had lost Redis and has it back.
    socket.serverEmit("sync:required", { reason: "adapter-restored" });
    await vi.waitFor(() => expect(fetches.live).toBe(4));
    expect(fetches.other).toBe(1);
    expect(resyncs).toHaveBeenCalledTimes(3);
    stop();
  });

  it("fetches once more a live query first answered after the link came up: it may be the page's preload, older than the link", async () => {
    const { socket, queryClient } = await openFor("a");
    socket.fire("connect");
    await settled();
    // The conversation's messages, asked for once its room opened: after the link.
    const { fetches, stop } = watch(queryClient);
    await vi.waitFor(() => expect(fetches).toEqual({ live: 2, other: 1 }));
    // Only its first answer: later ones were read after the link by then.
    await queryClient.invalidateQueries({ queryKey: ["live"] });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetches).toEqual({ live: 3, other: 1 });
    stop();
  });

  it("checks no first answer again once the tab left the page's first address", async () => {
    const address = { href: "http://localhost/chat/p1" };
    vi.stubGlobal("location", address);
    try {
      const { socket, queryClient } = await openFor("a");
      socket.fire("connect");
      await settled();
      address.href = "http://localhost/songs";
      const { fetches, stop } = watch(queryClient);
      await vi.waitFor(() => expect(fetches).toEqual({ live: 1, other: 1 }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(fetches.live).toBe(1);
      stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("delivers typed server events to subscribers until they unsubscribe", async () => {
    const { socket, realtime } = await openFor("a");
    const heard: string[] = [];
    const stop = realtime.on("song:changed", ({ songId }) => heard.push(songId));
    socket.serverEmit("song:changed", { songId: "s1" });
    stop();
    socket.serverEmit("song:changed", { songId: "s2" });
    expect(heard).toEqual(["s1"]);
  });
});

describe("the realtime client's link", () => {
  it("reports reconnecting and connected, and ignores a closed user's socket", async () => {
    const { socket, realtime } = await openFor("a");
    const seen: string[] = [];
    realtime.subscribe(() => seen.push(realtime.getStatus()));
    socket.fire("connect");
    socket.fire("disconnect", "transport close");
    expect(seen).toEqual(["connected", "reconnecting"]);

    // Another user signs in: the first user's socket no longer speaks for the tab.
    realtime.open("b");
    socket.fire("connect");
    expect(realtime.getStatus()).toBe("connecting");
  });

  it("ignores the socket of a link closed and opened again at once for the same user", async () => {
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    realtime = new RealtimeClient(queryClient);
    // An earlier test's link may still be creating its socket.
    await settled();
    const before = sockets.all.length;
    // React's development mode runs an effect, its cleanup and the effect again.
    realtime.open("a");
    realtime.close();
    realtime.open("a");
    await vi.waitFor(() => expect(sockets.all.length).toBe(before + 2));
    const [stale, live] = sockets.all.slice(before) as [FakeSocket, FakeSocket];
    await vi.waitFor(() => expect(live.active).toBe(true));
    expect(stale.active).toBe(false);
    live.fire("connect");
    stale.fire("connect");
    stale.fire("disconnect", "transport close");
    expect(realtime.getStatus()).toBe("connected");
  });

  it("reconnects after the server closed the socket only while the user is still signed in", async () => {
    const { socket, queryClient } = await openFor("a");
    queryClient.setQueryData(["session"], { id: "a" });
    const connect = vi.spyOn(socket, "connect");

    // Own password change: this tab holds a fresh session.
    session.user = { id: "a" };
    socket.fire("disconnect", "io server disconnect");
    await vi.waitFor(() => expect(connect).toHaveBeenCalledTimes(1));

    // Signed out: the session is gone.
    session.user = null;
    socket.fire("disconnect", "io server disconnect");
    // Asked twice (the close may overtake the answer with a new cookie), then signed out.
    await vi.waitFor(() => expect(queryClient.getQueryData(["session"])).toBeNull(), {
      timeout: 4000,
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(connect).toHaveBeenCalledTimes(1);
  });
});
