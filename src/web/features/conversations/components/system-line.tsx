import type { ThreadMessage } from "../thread";
import { dateFormat } from "../../../../shared/intl-formats";

const timeFormat = () => dateFormat(undefined, { hour: "2-digit", minute: "2-digit" });

/**
 * A line the portal wrote into the conversation ("Alex marked 'Night Drive' as
 * released"): centred and muted, not a bubble, the same for both people.
 */
export function SystemLine({ message }: { message: ThreadMessage }) {
  const time = new Date(message.createdAt);
  return (
    <li className="flex justify-center px-4 py-1">
      <p className="max-w-prose text-center text-xs text-slate-600 dark:text-slate-300">
        <span>{message.text}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={time.toISOString()}>{timeFormat().format(time)}</time>
      </p>
    </li>
  );
}
