import { useId, useRef } from "react";
import { CheckCircle2, RotateCcw } from "lucide-react";
import { useDeskAction, useDeskRoom } from "./desk-api";

const pill =
  "flex items-center gap-1 rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60 dark:ring-slate-600 dark:hover:bg-slate-800";

/**
 * The conversation header's desk controls (agents only): who owns it
 * (Assignee, Assign to me) and Resolve or Reopen. The artist sees none of it.
 */
export function DeskControls({ roomId, ownId }: { roomId: string; ownId: string }) {
  const { data: room } = useDeskRoom(roomId);
  const action = useDeskAction(roomId);
  const selectId = useId();
  const assignee = useRef<HTMLSelectElement>(null);
  if (!room) return null;
  const busy = action.isPending;
  return (
    <div className="ml-auto flex max-w-full min-w-0 flex-wrap items-center justify-end gap-2">
      <div className="flex items-center gap-1.5 text-sm">
        <label htmlFor={selectId} className="font-medium">
          Assignee
        </label>
        <select
          ref={assignee}
          id={selectId}
          value={room.assigneeId ?? ""}
          disabled={busy}
          onChange={(e) => action.mutate({ kind: "assign", assigneeId: e.target.value })}
          className="rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-950"
        >
          {room.assigneeId === null && <option value="">Nobody</option>}
          {room.agents.map((agent) => (
            <option key={agent.id} value={agent.id}>
              {agent.id === ownId ? `${agent.name} (you)` : agent.name}
            </option>
          ))}
        </select>
      </div>
      {room.assigneeId !== ownId && (
        <button
          type="button"
          className={pill}
          disabled={busy}
          onClick={() =>
            // The button goes once the conversation is mine: focus moves to the Assignee select.
            action.mutate(
              { kind: "assign", assigneeId: ownId },
              { onSuccess: () => assignee.current?.focus() },
            )
          }
        >
          Assign to me
        </button>
      )}
      {/* One button whose action flips: focus stays on it after Resolve or Reopen. */}
      <button
        type="button"
        className={pill}
        disabled={busy}
        onClick={() => action.mutate({ kind: room.status === "open" ? "resolve" : "reopen" })}
      >
        {room.status === "open" ? (
          <CheckCircle2 aria-hidden="true" className="size-4" />
        ) : (
          <RotateCcw aria-hidden="true" className="size-4" />
        )}
        {room.status === "open" ? "Resolve" : "Reopen"}
      </button>
      {action.isError && (
        <p role="alert" className="w-full text-right text-sm text-red-800 dark:text-red-300">
          {action.error.message}
        </p>
      )}
    </div>
  );
}
