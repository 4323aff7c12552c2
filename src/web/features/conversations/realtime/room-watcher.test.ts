import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FakeSocket } from "../../../realtime/fake-socket";
import { RealtimeClient } from "../../../realtime/realtime-client";
import { RoomWatcher } from "./room-watcher";
import { sockets } from "../../../realtime/fake-socket-io";

vi.mock("socket.io-client", () => import("../../../realtime/fake-socket-io"));

let realtime: RealtimeClient | undefined;
afterEach(() => realtime?.close());

async function openFor(userId: string) {
  realtime = new RealtimeClient(new QueryClient());
  const rooms = new RoomWatcher(realtime);
  realtime.open(userId);
  await vi.waitFor(() => expect(sockets.all.at(-1)?.active).toBe(true));
  return { socket: sockets.all.at(-1)!, rooms };
}

describe("the watched rooms", () => {
  const asked = (socket: FakeSocket, event: string) =>
    socket.sent.filter((s) => s.event === event).map((s) => s.payload);

  it("watches a room once connected, again after each reconnect, and stops when the last caller leaves", async () => {
    const { socket, rooms } = await openFor("agent");
    const watching = vi.fn();
    const stop = rooms.watch("r1", watching);
    // Not connected yet: asked on connect.
    expect(asked(socket, "room:watch")).toEqual([]);
    socket.fire("connect");
    expect(asked(socket, "room:watch")).toEqual([{ roomId: "r1" }]);
    expect(watching).not.toHaveBeenCalled();
    // The server confirms: the caller fetches what was stored before the join.
    socket.sent.at(-1)!.ack!({ ok: true });
    await vi.waitFor(() => expect(watching).toHaveBeenCalledTimes(1));

    // A second view of the same room shares the watch.
    const second = vi.fn();
    const stopSecond = rooms.watch("r1", second);
    expect(asked(socket, "room:watch")).toHaveLength(1);
    expect(second).toHaveBeenCalledTimes(1);

    // A new connection hears no room: watched again.
    socket.fire("disconnect", "transport close");
    socket.fire("connect");
    expect(asked(socket, "room:watch")).toEqual([{ roomId: "r1" }, { roomId: "r1" }]);

    stopSecond();
    expect(asked(socket, "room:unwatch")).toEqual([]);
    stop();
    expect(asked(socket, "room:unwatch")).toEqual([{ roomId: "r1" }]);
    socket.fire("disconnect", "transport close");
    socket.fire("connect");
    expect(asked(socket, "room:watch")).toHaveLength(2);
  });

  it("calls nobody back when the server refuses the watch", async () => {
    const { socket, rooms } = await openFor("artist");
    socket.fire("connect");
    const watching = vi.fn();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    rooms.watch("r1", watching);
    socket.sent.at(-1)!.ack!({ ok: false, error: "Only support agents can follow…" });
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(watching).not.toHaveBeenCalled();
  });

  it("warns when a watch fails on a live connection, and not when the link dropped (it watches again)", async () => {
    const { socket, rooms } = await openFor("agent");
    socket.fire("connect");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const watching = vi.fn();
    rooms.watch("r1", watching);
    socket.sent.at(-1)!.fail!(new Error("operation has timed out"));
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith(
        "Live updates for this conversation failed:",
        expect.any(Error),
      ),
    );

    warn.mockClear();
    rooms.watch("r2", watching);
    socket.fire("disconnect", "transport close");
    socket.sent.at(-1)!.fail!(new Error("socket has been disconnected"));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(warn).not.toHaveBeenCalled();
    expect(watching).not.toHaveBeenCalled();
  });
});
