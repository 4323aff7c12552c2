import { useRef, useState } from "react";
import { Monitor } from "lucide-react";
import {
  OTHER_SESSIONS_ENDED_MESSAGE,
  SESSION_ENDED_MESSAGE,
  type AccountSession,
} from "../../../shared/sessions";
import { ApiError } from "../../lib/api-client";
import { useAccountSessions, useEndSession, useSignOutOthers } from "../sessions/api/sessions";
import { dateFormat } from "../../../shared/intl-formats";

const RECENT_MS = 5 * 60_000;
const when = () => dateFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

function lastSeen(session: AccountSession): string {
  if (session.current || Date.now() - session.lastSeenAt < RECENT_MS) return "Active now";
  return `Last seen ${when().format(session.lastSeenAt)}`;
}

const failure = (error: unknown) =>
  error instanceof ApiError ? error.message : "Could not sign that device out. Please try again.";

/**
 * Settings' "Active sessions": every browser signed in to the account, with
 * Sign out for each other one and Sign out everywhere else. Those browsers
 * are signed out at once (their live connection closes).
 */
export function ActiveSessions() {
  const { data, isError } = useAccountSessions();
  const end = useEndSession();
  const others = useSignOutOthers();
  const [status, setStatus] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const sessions = data?.sessions ?? [];
  const hasOthers = sessions.some((s) => !s.current);
  // The button pressed goes away with its row: focus returns to the section.
  const done = (message: string) => {
    setStatus(message);
    heading.current?.focus();
  };

  return (
    <section aria-labelledby="section-sessions" className="flex flex-col gap-2">
      <h2
        id="section-sessions"
        ref={heading}
        tabIndex={-1}
        className="px-1 text-sm font-semibold text-slate-600 uppercase focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-slate-300"
      >
        Active sessions
      </h2>
      <div className="overflow-hidden rounded-xl bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        {isError && (
          <p role="alert" className="px-4 py-3.5 text-sm text-red-700 dark:text-red-300">
            Could not load your sessions. Please try again later.
          </p>
        )}
        <ul
          aria-label="Signed-in devices"
          className="divide-y divide-slate-200 dark:divide-slate-800"
        >
          {sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              pending={end.isPending}
              onSignOut={() =>
                end.mutate(session.id, {
                  onSuccess: () => done(SESSION_ENDED_MESSAGE),
                  onError: (error) => setStatus(failure(error)),
                })
              }
            />
          ))}
        </ul>
        {hasOthers && (
          <div className="border-t border-slate-200 px-4 py-3.5 dark:border-slate-800">
            <button
              type="button"
              disabled={others.isPending}
              onClick={() =>
                others.mutate(undefined, {
                  onSuccess: () => done(OTHER_SESSIONS_ENDED_MESSAGE),
                  onError: (error) => setStatus(failure(error)),
                })
              }
              className="text-sm font-semibold text-red-700 underline hover:no-underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-red-300"
            >
              Sign out everywhere else
            </button>
          </div>
        )}
      </div>
      <p role="status" className="px-1 text-sm text-slate-700 dark:text-slate-200">
        {status}
      </p>
    </section>
  );
}

/** One signed-in browser: its device, address and last use; Sign out unless it is this one. */
function SessionRow(props: { session: AccountSession; pending: boolean; onSignOut: () => void }) {
  const { session, pending, onSignOut } = props;
  return (
    <li className="flex items-center gap-3 px-4 py-3.5">
      <Monitor aria-hidden="true" className="size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium">
          {session.device}
          {session.current && (
            <span className="ml-2 rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
              This device
            </span>
          )}
        </p>
        <p className="truncate text-sm text-slate-600 dark:text-slate-300">
          {session.ipAddress ?? "Unknown address"} · {lastSeen(session)}
        </p>
      </div>
      {!session.current && (
        <button
          type="button"
          disabled={pending}
          onClick={onSignOut}
          className="rounded-lg px-3 py-1.5 text-sm font-semibold text-red-700 ring-1 ring-red-300 hover:bg-red-50 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none dark:text-red-300 dark:ring-red-800 dark:hover:bg-red-950"
        >
          Sign out
          <span className="sr-only">
            {" "}
            {session.device}, {session.ipAddress}
          </span>
        </button>
      )}
    </li>
  );
}
