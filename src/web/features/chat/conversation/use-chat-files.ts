import { useEffect, useState, type DragEvent as ReactDragEvent } from "react";
import type { useSendMessage } from "../api/send-message";

const hasFiles = (event: ReactDragEvent) => event.dataTransfer.types.includes("Files");

/**
 * Files for the conversation: checked before anything is uploaded, a refusal
 * shown as `fileError`; dropped on the conversation (`dropZone` goes on it)
 * while `dragging` shows the drop overlay.
 */
export function useChatFiles(
  roomId: string | undefined,
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

  const sendFiles = (files: File[]) => {
    setFileError(null);
    // Type, size and content are checked before anything is uploaded (the
    // checks load with the first file: reading and writing text needs none).
    import("../file-check")
      .then(({ checkChatFiles }) => checkChatFiles(files))
      .then(
        ({ accepted, refused }) => {
          for (const { file, kind } of accepted) sender.sendFile(file, kind);
          setFileError(refused);
        },
        () => setFileError("The file could not be checked. Check your connection and try again."),
      );
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

  return { fileError, setFileError, sendFiles, dragging, dropZone };
}
