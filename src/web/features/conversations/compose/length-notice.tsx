import type { MessageLength } from "./message-length";

/**
 * The composer's length counter and, over the limit, the reason Send is off.
 * `id` is the text box's aria-describedby target.
 */
export function LengthNotice({ id, length }: { id: string; length: MessageLength }) {
  return (
    <div id={id} className="px-4 text-xs empty:hidden">
      {length.counter && (
        <p
          className={
            length.tooLong
              ? "font-semibold text-red-700 dark:text-red-300"
              : "text-slate-600 dark:text-slate-300"
          }
        >
          <span className="sr-only">Characters: </span>
          {length.counter}
        </p>
      )}
      <p role="alert" className="text-red-700 empty:hidden dark:text-red-300">
        {length.tooLong}
      </p>
    </div>
  );
}
