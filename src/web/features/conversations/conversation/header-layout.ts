/**
 * The conversation header's box and, for agents, its desk row: shared with
 * the prerendered skeleton (route-skeleton.tsx), so the screen replaces it
 * at the same height and the messages below do not move.
 */
export const conversationHeaderClass =
  "flex shrink-0 flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 bg-white px-2 py-2 dark:border-slate-800 dark:bg-slate-900";

/** The desk's row (Assignee, Assign to me, Resolve), one line high before its controls arrive. */
export const deskRowClass = "flex min-h-10 basis-full flex-wrap items-center";
