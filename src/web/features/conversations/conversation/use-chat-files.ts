import { useEffect, useState, type DragEvent as ReactDragEvent } from "react";
import type { PublicUser } from "../../../../shared/user";
import type { useSendMessage } from "../api/send-message";
import { useFilesInCheck } from "./use-files-in-check";

const hasFiles = (event: ReactDragEvent) => event.dataTransfer.types.includes("Files");

/**
 * Files for the conversation: pending at once (`pending`, with `retry` and
 * `remove` for them), checked before anything is uploaded, a refusal shown
 * as `fileError`; dropped on the conversation (`dropZone` goes on it) while
 * `dragging` shows the drop overlay.
 */
export function useChatFiles(
  roomId: string | undefined,
  user: PublicUser,
  sender: ReturnType<typeof useSendMessage>,
  focusComposer: () => void,
) {
  const [fileError, setFileError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  // A file dropped outside the drop zone must not make the browser leave the chat.
  useEffect(() => {
    const keep = (event: DragEvent) => {
      if (event.dataTransfer?.types.includes("Files")) event.preventDefault();
    };
    window.addEventListener("dragover", keep);
    window.addEventListener("drop", keep);
    return () => {
      window.removeEventListener("dragover", keep);
      window.removeEventListener("drop", keep);
    };
  }, []);

  // Shown as pending at once; checked before anything is uploaded (the checks
  // load with the first file: reading and writing text needs none).
  const inCheck = useFilesInCheck(roomId, user, sender, setFileError);
  const sendFiles = (files: File[]) => {
    setFileError(null);
    inCheck.sendFiles(files);
    focusComposer();
  };

  const dropZone = {
    onDragEnter: (e: ReactDragEvent<HTMLElement>) => {
      if (!hasFiles(e) || !roomId) return;
      e.preventDefault();
      setDragging(true);
    },
    onDragOver: (e: ReactDragEvent<HTMLElement>) => {
      if (!hasFiles(e) || !roomId) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = "copy";
    },
    onDragLeave: (e: ReactDragEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
    },
    onDrop: (e: ReactDragEvent<HTMLElement>) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDragging(false);
      if (roomId) sendFiles([...e.dataTransfer.files]);
    },
  };

  const { pending, retry, remove } = inCheck;
  return { fileError, setFileError, sendFiles, dragging, dropZone, pending, retry, remove };
}
