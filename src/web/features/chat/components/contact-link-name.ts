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
