import {
  MAX_WATCHED_ROOMS,
  WATCH_AGENTS_ONLY,
  WATCH_TOO_MANY,
  isRoomRef,
  type WatchAck,
} from "../../shared/chat-events";
import { roomChannel } from "./channels";
import type { AuthedSocket } from "./socket-types";

const BAD_ROOM = "That conversation could not be found.";

/**
 * An agent's tab follows the conversations it shows: "room:watch" joins the
 * room's channel, so its messages, notes and desk lines arrive live, and
 * "room:unwatch" leaves it. Other agents hear only the desk's coalesced
 * "desk:activity" (decision 082): one message no longer costs one socket
 * write per agent. Artists never watch: they hear their own rooms through
 * their user channel, and a room channel carries agents-only notes.
 */
export function handleRoomWatch(socket: AuthedSocket): void {
  const { user } = socket.data;
  const watched = () => [...socket.rooms].filter((name) => name.startsWith("room:")).length;

  socket.on("room:watch", (payload, ack) => {
    const answer = (result: WatchAck) => {
      if (typeof ack === "function") ack(result);
    };
    if (!user.admin) return answer({ ok: false, error: WATCH_AGENTS_ONLY });
    if (!isRoomRef(payload)) return answer({ ok: false, error: BAD_ROOM });
    const channel = roomChannel(payload.roomId);
    if (!socket.rooms.has(channel) && watched() >= MAX_WATCHED_ROOMS) {
      return answer({ ok: false, error: WATCH_TOO_MANY });
    }
    void socket.join(channel);
    answer({ ok: true });
  });

  socket.on("room:unwatch", (payload, ack) => {
    const answer = (result: WatchAck) => {
      if (typeof ack === "function") ack(result);
    };
    if (!isRoomRef(payload)) return answer({ ok: false, error: BAD_ROOM });
    void socket.leave(roomChannel(payload.roomId));
    answer({ ok: true });
  });
}
