import { useId, useRef } from "react";
import { CheckCircle2, RotateCcw } from "lucide-react";
import { useDeskAction, useDeskRoom } from "./desk-api";

const pill =
  "flex shrink-0 items-center whitespace-nowrap gap-1 rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-100 disabled:opacity-60 dark:ring-slate-600 dark:hover:bg-slate-800";

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
  // One button whose action flips with the status.
  const flip =
    room.status === "open"
      ? { kind: "resolve" as const, label: "Resolve", Icon: CheckCircle2 }
      : { kind: "reopen" as const, label: "Reopen", Icon: RotateCcw };
  return (
    <>
      {/*
        One line in the header's desk row: on a narrow screen it scrolls
        sideways rather than grow (the messages below would move). The
        padding keeps the focus outline inside the scrolling box.
      */}
      <div className="flex min-w-0 flex-1 items-center justify-end-safe gap-2 overflow-x-auto p-1">
        <div className="flex shrink-0 items-center gap-1.5 text-sm">
          {/* A phone keeps the select's name but not its visible label: the row must fit. */}
          <label htmlFor={selectId} className="font-medium max-sm:sr-only">
            Assignee
          </label>
          <select
            ref={assignee}
            id={selectId}
            value={room.assigneeId ?? ""}
            disabled={busy}
            onChange={(e) => action.mutate({ kind: "assign", assigneeId: e.target.value })}
            className="max-w-40 rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm sm:max-w-none dark:border-slate-600 dark:bg-slate-950"
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
        {/* Focus stays on it after Resolve or Reopen. */}
        <button
          type="button"
          className={pill}
          disabled={busy}
          title={flip.label}
          onClick={() => action.mutate({ kind: flip.kind })}
        >
          <flip.Icon aria-hidden="true" className="size-4" />
          {/* On a phone, the icon alone (the name and the tooltip stay). */}
          <span className="max-sm:sr-only">{flip.label}</span>
        </button>
      </div>
      {action.isError && (
        <p role="alert" className="basis-full text-right text-sm text-red-800 dark:text-red-300">
          {action.error.message}
        </p>
      )}
    </>
  );
}
