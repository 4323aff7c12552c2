/** The round icon buttons of the composer and the recorder. */
export const iconButton =
  "flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200 disabled:text-slate-400 dark:text-slate-200 dark:hover:bg-slate-800 dark:disabled:text-slate-500";
