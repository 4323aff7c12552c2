import { useState } from "react";
import { useSearchParams } from "react-router";
import { Download } from "lucide-react";
import { formatPaise } from "../../../shared/money-format";
import type { DeskWithdrawal } from "../../../shared/responses/withdrawals";
import {
  WITHDRAWAL_STATE_LABELS,
  WITHDRAWAL_STATES,
  type WithdrawalState,
} from "../../../shared/withdrawal-schemas";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { Spinner } from "../../components/spinner";
import { RequireFinance } from "../../lib/auth/require-finance";
import { withdrawalMessages } from "../../../shared/withdrawal-messages";
import { bankFileUrl, useApprove, useMarkFailed, useMarkPaid, usePayoutDesk } from "./api/payouts";
import { StepDialog } from "./step-dialog";

/** `/desk/payouts` (issue 47): the finance agents' withdrawals by state, the view in the URL. */
export default function PayoutsPage() {
  return (
    <RequireFinance refusal={withdrawalMessages.financeOnly}>
      <Payouts />
    </RequireFinance>
  );
}

const viewOf = (value: string | null): WithdrawalState =>
  (WITHDRAWAL_STATES as readonly string[]).includes(value ?? "")
    ? (value as WithdrawalState)
    : "requested";

function Payouts() {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params.get("view"));
  const desk = usePayoutDesk(view);
  const approve = useApprove();
  const [selected, setSelected] = useState<string[]>([]);
  // Kept here, not in the row: a refused step refreshes the view, and the row
  // may leave it (another agent moved it), the refusal and the dialog must not.
  const [step, setStep] = useState<{ kind: Step; item: DeskWithdrawal } | null>(null);
  const items = desk.data?.items ?? [];
  const ticked = tickedAmong(selected, items);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">Payouts</h1>
      <ViewChoice
        view={view}
        counts={desk.data?.counts}
        onChoose={(state) => {
          setSelected([]);
          setParams({ view: state });
        }}
      />
      <div className="flex flex-wrap gap-2">
        {view === "requested" && (
          <Button
            disabled={ticked.length === 0 || approve.isPending}
            onClick={() => approve.mutate(ticked, { onSuccess: () => setSelected([]) })}
          >
            Approve selected
          </Button>
        )}
        {view === "approved" && (
          <a
            href={bankFileUrl}
            download
            className="inline-flex items-center gap-2 rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
          >
            <Download aria-hidden="true" className="size-4" />
            Download bank file
          </a>
        )}
      </div>
      {approve.isError && <Alert tone="error">{approve.error.message}</Alert>}
      {desk.isPending ? (
        <Spinner label="Loading payouts…" className="py-10" />
      ) : desk.isError ? (
        <Alert tone="error">Failed to load the payouts. Please try again later.</Alert>
      ) : items.length === 0 ? (
        <p className="py-6 text-center text-slate-600 dark:text-slate-300">
          No {WITHDRAWAL_STATE_LABELS[view].toLowerCase()} withdrawals.
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
          {items.map((item) => (
            <PayoutRow
              key={item.id}
              item={item}
              selected={selected.includes(item.id)}
              onSelect={(on) =>
                setSelected((ids) => (on ? [...ids, item.id] : ids.filter((id) => id !== item.id)))
              }
              approving={approve.isPending}
              onApprove={() =>
                approve.mutate([item.id], {
                  onSuccess: () => setSelected((ids) => ids.filter((id) => id !== item.id)),
                })
              }
              onStep={(kind) => setStep({ kind, item })}
            />
          ))}
        </ul>
      )}
      {step && <RowDialog step={step.kind} item={step.item} onClose={() => setStep(null)} />}
    </div>
  );
}

/** Requested, Approved, Paid and Failed, each with its count; the view shown is current. */
function ViewChoice(props: {
  view: WithdrawalState;
  counts: Record<WithdrawalState, number> | undefined;
  onChoose: (view: WithdrawalState) => void;
}) {
  return (
    <nav aria-label="Payout views" className="flex flex-wrap gap-2">
      {WITHDRAWAL_STATES.map((state) => (
        <Button
          key={state}
          variant={state === props.view ? "primary" : "secondary"}
          aria-current={state === props.view ? "page" : undefined}
          onClick={() => props.onChoose(state)}
        >
          {WITHDRAWAL_STATE_LABELS[state]} ({props.counts?.[state] ?? "…"})
        </Button>
      ))}
    </nav>
  );
}

/**
 * The ticked withdrawals still shown for approval: one approved on its own,
 * or moved by another agent, has left the view and is not sent again.
 */
export const tickedAmong = (selected: readonly string[], items: readonly DeskWithdrawal[]) =>
  selected.filter((id) => items.some((item) => item.id === id && item.state === "requested"));

type Step = "paid" | "failed";

const labelOf = (item: DeskWithdrawal) => `${item.artistName} ${formatPaise(item.amountPaise)}`;

function PayoutRow(props: {
  item: DeskWithdrawal;
  selected: boolean;
  onSelect: (on: boolean) => void;
  approving: boolean;
  onApprove: () => void;
  onStep: (step: Step) => void;
}) {
  const { item } = props;
  const label = labelOf(item);
  return (
    <li className="flex flex-col gap-2 p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        {item.state === "requested" && (
          <input
            type="checkbox"
            className="mt-1 size-4"
            aria-label={`Select ${label}`}
            checked={props.selected}
            onChange={(event) => props.onSelect(event.target.checked)}
          />
        )}
        <div className="flex flex-col gap-0.5">
          <span className="font-semibold">
            {item.artistName} · {formatPaise(item.amountPaise)}
          </span>
          <span className="text-slate-600 tabular-nums dark:text-slate-300">
            TDS {formatPaise(item.tdsPaise)} · Pay {formatPaise(item.netPaise)} ·{" "}
            {item.destination ?? "No payout details"}
          </span>
          {item.reference && <span>UTR / reference: {item.reference}</span>}
          {item.failureReason && <span>Reason: {item.failureReason}</span>}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {item.state === "requested" && (
          <Button
            aria-label={`Approve ${label}`}
            disabled={props.approving}
            onClick={props.onApprove}
          >
            Approve
          </Button>
        )}
        {item.state === "approved" && (
          <Button aria-label={`Mark paid ${label}`} onClick={() => props.onStep("paid")}>
            Mark paid
          </Button>
        )}
        {(item.state === "requested" || item.state === "approved") && (
          <Button
            variant="danger"
            aria-label={`Mark failed ${label}`}
            onClick={() => props.onStep("failed")}
          >
            Mark failed
          </Button>
        )}
      </div>
    </li>
  );
}

/** Mark paid with the UTR / reference, or Mark failed with the reason. */
function RowDialog(props: { step: Step; item: DeskWithdrawal; onClose: () => void }) {
  const { item } = props;
  const label = labelOf(item);
  const paid = useMarkPaid();
  const failed = useMarkFailed();
  const dialog = props.step;
  return (
    <>
      {dialog === "paid" && (
        <StepDialog
          title={`Mark paid: ${label}`}
          label="UTR / reference"
          confirm="Mark paid"
          busy={paid.isPending}
          error={paid.error?.message ?? null}
          onConfirm={(reference) =>
            paid.mutate({ id: item.id, reference }, { onSuccess: props.onClose })
          }
          onClose={props.onClose}
        />
      )}
      {dialog === "failed" && (
        <StepDialog
          title={`Mark failed: ${label}`}
          label="Reason"
          confirm="Mark failed"
          busy={failed.isPending}
          error={failed.error?.message ?? null}
          onConfirm={(reason) =>
            failed.mutate({ id: item.id, reason }, { onSuccess: props.onClose })
          }
          onClose={props.onClose}
        />
      )}
    </>
  );
}
