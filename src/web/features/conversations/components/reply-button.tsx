import { Reply } from "lucide-react";
import type { ThreadMessage } from "../thread";
import { useMessageTools } from "../tools/message-tools-context";

/**
 * Reply with a quote, in the bubble's footer: shown on hover or keyboard
 * focus with a mouse, and always on touch screens (they have no hover).
 */
export function ReplyButton({ message, own }: { message: ThreadMessage; own: boolean }) {
  const { onReply } = useMessageTools();
  if (!onReply || message.status !== "sent") return null;
  return (
    <button
      type="button"
      onClick={() => onReply(message)}
      aria-label={`Reply to ${own ? "your message" : message.senderName}`}
      title="Reply"
      className={`mr-auto flex size-7 items-center justify-center rounded-full opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 focus:opacity-100 [@media(pointer:coarse)]:opacity-100 ${
        own ? "hover:bg-indigo-800" : "hover:bg-slate-200 dark:hover:bg-slate-700"
      }`}
    >
      <Reply aria-hidden="true" className="size-4" />
    </button>
  );
}
