/** A circular progress indicator with the percentage in its centre. */
export function ProgressRing({ percent, label }: { percent: number; label: string }) {
  const radius = 26;
  const circumference = 2 * Math.PI * radius;
  const clamped = Math.min(100, Math.max(0, Math.round(percent)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className="relative flex size-16 items-center justify-center"
    >
      <svg viewBox="0 0 64 64" aria-hidden="true" className="absolute inset-0 -rotate-90">
        <circle
          cx="32"
          cy="32"
          r={radius}
          strokeWidth="6"
          fill="none"
          className="stroke-slate-200 dark:stroke-slate-700"
        />
        <circle
          cx="32"
          cy="32"
          r={radius}
          strokeWidth="6"
          fill="none"
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - clamped / 100)}
          className="stroke-indigo-600 transition-[stroke-dashoffset] dark:stroke-indigo-400"
        />
      </svg>
      <span className="text-sm font-semibold tabular-nums">{clamped}%</span>
    </div>
  );
}
