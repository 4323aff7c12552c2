import type { RealtimeClient } from "../../../realtime/realtime-client";

/**
 * The rooms an agent's open conversations hear live (decision 082): a
 * room's messages, notes and desk lines reach the tab while at least one
 * caller watches it, asked again on every new connection (which hears only
 * the user's own channels).
 */
export class RoomWatcher {
  private readonly watched = new Map<string, Set<() => void>>();

  constructor(private readonly realtime: RealtimeClient) {
    realtime.onConnect(() => {
      for (const roomId of this.watched.keys()) this.askToWatch(roomId);
    });
  }

  /**
   * Hears the room for as long as the returned function is not called.
   * `onWatching` runs each time the server confirms: what was stored before
   * the socket joined the room is fetched then, so nothing falls between the
   * first load and the join.
   */
  watch(roomId: string, onWatching: () => void): () => void {
    const callers = this.watched.get(roomId) ?? new Set();
    const caller = () => onWatching();
    callers.add(caller);
    this.watched.set(roomId, callers);
    if (callers.size === 1 && this.realtime.isConnected()) this.askToWatch(roomId);
    else if (callers.size > 1) onWatching();
    return () => {
      callers.delete(caller);
      if (callers.size > 0 || this.watched.get(roomId) !== callers) return;
      this.watched.delete(roomId);
      this.realtime.emitIfConnected("room:unwatch", { roomId });
    };
  }

  private askToWatch(roomId: string): void {
    this.realtime
      .request("room:watch", { roomId })
      .then((answer) => {
        if (!answer.ok)
          return console.warn("Live updates for this conversation are off:", answer.error);
        for (const caller of this.watched.get(roomId) ?? []) caller();
      })
      .catch((error: unknown) => {
        // A disconnect watches again on reconnect; only a connected failure is news.
        if (this.realtime.isConnected())
          console.warn("Live updates for this conversation failed:", error);
      });
  }
}
