import { awayLabel, replyTimeHint, type AgentAvailability } from "../../../../shared/availability";

/** "Away until 2 Dec · Usually replies within 2 h", as artists see an agent. */
export function AvailabilityLine({
  availability,
  className = "",
}: {
  availability: AgentAvailability | null | undefined;
  className?: string;
}) {
  if (!availability) return null;
  const parts = [
    availability.away ? awayLabel(availability.awayUntil) : null,
    availability.medianReplyMs !== null ? replyTimeHint(availability.medianReplyMs) : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return null;
  return (
    <span className={`truncate text-xs text-slate-600 dark:text-slate-300 ${className}`}>
      {availability.away && (
        <span className="font-semibold text-amber-800 dark:text-amber-300">{parts.shift()}</span>
      )}
      {availability.away && parts.length > 0 && " · "}
      {parts.join("")}
    </span>
  );
}
