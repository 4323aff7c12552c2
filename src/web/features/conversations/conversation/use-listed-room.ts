import { useCallback, useState, useSyncExternalStore } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ChatContact } from "../../../../shared/chat";
import type { DeskInbox } from "../../../../shared/desk";
import { chatKeys, deskKeys } from "../api/query-keys";

/**
 * The room the list beside a conversation names for `peerId`, when nothing
 * in it is unread: known once the list answered (usually from the page's
 * preload), before the opening's `PUT` does, so the messages can load and
 * show meanwhile. Unread messages need the opening's divider, so then (and
 * when the list names no room, or several) the conversation waits for it.
 */
export function useListedQuietRoom(
  admin: boolean,
  peerId: string,
  roomHint: string | undefined,
  /** Once the room is open this answers nothing. */
  opened: boolean,
): string | undefined {
  const queryClient = useQueryClient();
  // Kept once found: a message arriving meanwhile makes the row unread, but
  // the thread it lands in is already on screen (and read once opened).
  const [kept, setKept] = useState<string | undefined>(undefined);
  const looking = !opened && kept === undefined;
  const subscribe = useCallback(
    (onChange: () => void) =>
      looking ? queryClient.getQueryCache().subscribe(onChange) : () => undefined,
    [queryClient, looking],
  );
  // Once kept (or opened), the snapshot stays what was found: reading
  // `undefined` then would re-render the whole conversation for nothing.
  const read = useCallback(
    () => (looking ? listedQuietRoom(queryClient, admin, peerId, roomHint) : kept),
    [queryClient, admin, peerId, roomHint, looking, kept],
  );
  const found = useSyncExternalStore(subscribe, read, () => undefined);
  if (found !== undefined && kept === undefined) setKept(found);
  return opened ? undefined : (kept ?? found);
}

export function listedQuietRoom(
  queryClient: QueryClient,
  admin: boolean,
  peerId: string,
  roomHint: string | undefined,
): string | undefined {
  const rooms = new Set<string>();
  let unread = 0;
  if (admin) {
    for (const [, inbox] of queryClient.getQueriesData<DeskInbox>({
      queryKey: deskKeys.inboxes,
    })) {
      for (const row of inbox?.conversations ?? []) {
        if (row.artist.id !== peerId || (roomHint && row.roomId !== roomHint)) continue;
        rooms.add(row.roomId);
        unread += row.unread;
      }
    }
  } else {
    for (const [, contacts] of queryClient.getQueriesData<ChatContact[]>({
      queryKey: chatKeys.allContacts,
    })) {
      // A contact without a last message may have no room yet: the opening makes it.
      const row = contacts?.find((c) => c.userId === peerId && c.lastMessage);
      if (!row) continue;
      rooms.add(row.roomId);
      unread += row.unread;
    }
  }
  return rooms.size === 1 && unread === 0 ? [...rooms][0] : undefined;
}
