/**
 * A contact link's accessible name: who, and how many messages wait. The
 * time and preview stay visible text; read out on every row they made the
 * list slow to move through.
 */
export function contactLinkName(contact: { name: string; unread: number }): string {
  if (contact.unread <= 0) return contact.name;
  const count = contact.unread === 1 ? "1 unread message" : `${contact.unread} unread messages`;
  return `${contact.name}, ${count}`;
}

/** A desk row's accessible name: the artist, unread count, how long they wait, and a mention. */
export function deskLinkName(row: {
  name: string;
  unread: number;
  waiting: string | null;
  mentioned: boolean;
}): string {
  return [contactLinkName(row), row.waiting, row.mentioned ? "mentioned you" : null]
    .filter((part): part is string => Boolean(part))
    .join(", ");
}
