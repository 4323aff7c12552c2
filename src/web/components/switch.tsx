/** An on/off switch, named by the element `labelledBy` points at. */
export function Switch({
  on,
  onToggle,
  labelledBy,
  describedBy,
  disabled,
}: {
  on: boolean;
  onToggle: () => void;
  labelledBy: string;
  describedBy?: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={onToggle}
      className={`relative h-7 w-12 rounded-full transition-colors ${on ? "bg-indigo-500" : "bg-slate-500"}`}
    >
      <span
        aria-hidden="true"
        className={`absolute top-0.5 left-0.5 size-6 rounded-full bg-white shadow transition-transform ${on ? "translate-x-5" : ""}`}
      />
    </button>
  );
}
