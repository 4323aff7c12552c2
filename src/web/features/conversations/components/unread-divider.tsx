/** "N unread messages" above the first message that was unread when the conversation opened. */
export function UnreadDivider({ count }: { count: number }) {
  const label = count === 1 ? "1 unread message" : `${count} unread messages`;
  return (
    <li
      data-unread-divider
      className="flex items-center gap-3 py-1 text-xs font-semibold text-indigo-800 dark:text-indigo-200"
    >
      <span aria-hidden="true" className="h-px flex-1 bg-indigo-400 dark:bg-indigo-500" />
      <span>{label}</span>
      <span aria-hidden="true" className="h-px flex-1 bg-indigo-400 dark:bg-indigo-500" />
    </li>
  );
}
