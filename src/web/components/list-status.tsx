/**
 * A list's empty state ("No songs match these filters."), in a polite live
 * region that is on the page before its text: a screen reader hears the
 * message when a search or a filter empties the list. Empty (and taking no
 * room) while the list has rows; `message` null.
 */
export function ListStatus({ message, className }: { message: string | null; className: string }) {
  return (
    <div role="status" className={message ? className : "sr-only"}>
      {message}
    </div>
  );
}
