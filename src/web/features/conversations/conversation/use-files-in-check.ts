import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ChatFileType } from "../../../../shared/chat";
import { displayName, type PublicUser } from "../../../../shared/user";
import { outboxMessage, type useSendMessage } from "../api/send-message";
import { newMessageId } from "../api/message-id";
import { likelyChatFileKind } from "../chat-file-kind";
import type { ThreadMessage } from "../thread";

/** A chosen file shown as pending while its checks load and run, before the outbox holds it. */
interface FileInCheck {
  id: string;
  roomId: string;
  file: File;
  kind: ChatFileType;
  createdAt: number;
  failure: string | null;
}

const CHECK_FAILED = "The file could not be checked. Check your connection and try again.";
const NOT_QUEUED = "The message could not be kept for sending. Try again.";

type Sender = Pick<ReturnType<typeof useSendMessage>, "sendFile" | "retry" | "remove">;

/**
 * Chosen files show at once as pending messages with their progress bar at
 * 0 %: the checks of their bytes (file-check.ts, a chunk of its own, and the
 * sniffer it loads) may take seconds on a slow link. A file whose checks
 * pass goes to the outbox under the same id, so its bubble stays where it
 * is; a refused one leaves, and `onChecked` gets the reason. A check that
 * could not load shows Retry, as an upload that failed does.
 */
export function useFilesInCheck(
  roomId: string | undefined,
  user: PublicUser,
  sender: Sender,
  onChecked: (refused: string | null) => void,
) {
  const { list, current, drop, fail } = useInCheckList();
  const { sendFile, retry: retrySent, remove: removeSent } = sender;

  const check = useCallback(
    (files: readonly File[], shown: readonly FileInCheck[]) => {
      const ids = shown.map((f) => f.id);
      import("../file-check")
        .then(({ checkChatFiles }) => checkChatFiles(files))
        .then(
          ({ accepted, refused }) => {
            for (const { file, kind } of accepted) {
              const id = shown.find((f) => f.file === file)?.id;
              // Dropped here once the outbox shows it: the bubble never blinks.
              sendFile(file, kind, id).then(
                () => id && drop([id]),
                () => id && fail([id], NOT_QUEUED),
              );
            }
            const handed = new Set(accepted.map((a) => a.file));
            drop(shown.filter((f) => !handed.has(f.file)).map((f) => f.id));
            onChecked(refused);
          },
          () => {
            fail(ids, CHECK_FAILED);
            // Nothing pending to say so (every file was refused by its type or size).
            if (ids.length === 0) onChecked(CHECK_FAILED);
          },
        );
    },
    [sendFile, drop, fail, onChecked],
  );

  const sendFiles = useCallback(
    (files: readonly File[]) => {
      if (!roomId) return;
      const shown = files.flatMap((file): FileInCheck[] => {
        const kind = likelyChatFileKind(file);
        const id = newMessageId();
        return kind ? [{ id, roomId, file, kind, createdAt: Date.now(), failure: null }] : [];
      });
      current.add(shown);
      check(files, shown);
    },
    [roomId, current, check],
  );

  // Stable for the memoised bubbles: the current list is read when clicked.
  const retry = useCallback(
    (id: string) => {
      const entry = current.find(id);
      if (!entry) return retrySent(id);
      fail([id], null);
      check([entry.file], [entry]);
    },
    [current, retrySent, fail, check],
  );
  const remove = useCallback(
    (id: string) => (current.find(id) ? drop([id]) : removeSent(id)),
    [current, removeSent, drop],
  );

  const pending = useMemo(
    () => list.filter((f) => f.roomId === roomId).map((f) => asMessage(f, user)),
    [list, roomId, user],
  );
  return { pending, sendFiles, retry, remove };
}

/** The files in check, with stable ways to change them and to read the latest. */
function useInCheckList() {
  const [list, setList] = useState<readonly FileInCheck[]>([]);
  const latest = useRef(list);
  useEffect(() => {
    latest.current = list;
  }, [list]);
  const current = useMemo(
    () => ({
      find: (id: string) => latest.current.find((f) => f.id === id),
      add: (files: readonly FileInCheck[]) => setList((held) => [...held, ...files]),
    }),
    [],
  );
  const drop = useCallback((ids: readonly string[]) => {
    setList((held) => held.filter((f) => !ids.includes(f.id)));
  }, []);
  const fail = useCallback((ids: readonly string[], failure: string | null) => {
    setList((held) => held.map((f) => (ids.includes(f.id) ? { ...f, failure } : f)));
  }, []);
  return { list, current, drop, fail };
}

/** A file in check as its bubble shows it: the outbox's pending look, at 0 %. */
function asMessage(f: FileInCheck, user: PublicUser): ThreadMessage {
  return outboxMessage({
    id: f.id,
    userId: user.id,
    roomId: f.roomId,
    senderName: displayName(user),
    text: "",
    createdAt: f.createdAt,
    file: { data: f.file, kind: f.kind },
    fileId: null,
    failure: f.failure,
    progress: 0,
  });
}
