/** Whether the composer writes to the artist (Reply) or to agents only (Note). */
export type ComposerMode = "reply" | "note";

/** Reply / Note, above the composer for agents. */
export function ComposerModeSwitch({
  mode,
  onChange,
}: {
  mode: ComposerMode;
  onChange: (mode: ComposerMode) => void;
}) {
  const options: { key: ComposerMode; label: string }[] = [
    { key: "reply", label: "Reply" },
    { key: "note", label: "Note" },
  ];
  return (
    <div
      role="group"
      aria-label="Composer mode"
      className={`flex items-center gap-2 border-t px-3 pt-2 text-sm ${mode === "note" ? "border-amber-300 bg-amber-50 dark:border-amber-800 dark:bg-amber-950" : "border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"}`}
    >
      {options.map((option) => (
        <button
          key={option.key}
          type="button"
          aria-pressed={mode === option.key}
          onClick={() => onChange(option.key)}
          className={`rounded-full px-3 py-1 font-medium ring-1 ${mode === option.key ? (option.key === "note" ? "bg-amber-700 text-white ring-amber-700 dark:bg-amber-400 dark:text-slate-950 dark:ring-amber-400" : "bg-indigo-700 text-white ring-indigo-700 dark:bg-indigo-400 dark:text-slate-950 dark:ring-indigo-400") : "text-slate-800 ring-slate-300 hover:bg-slate-100 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800"}`}
        >
          {option.label}
        </button>
      ))}
      {mode === "note" && (
        <span className="text-amber-900 dark:text-amber-100">
          Only agents see notes. Type @Name to mention an agent.
        </span>
      )}
    </div>
  );
}
