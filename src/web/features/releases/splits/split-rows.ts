import { INVALID_EMAIL_MESSAGE } from "../../../../shared/auth-messages";
import type { TrackSplits } from "../../../../shared/responses/splits";
import type { SplitsInput } from "../../../../shared/split-schemas";
import { basisPointsFromPercent, percentText } from "../../../../shared/basis-points";
import { splitMessages, yourShareLine } from "../../../../shared/split-messages";

/** 100 %, in basis points (1 = 0.01 %). */
const WHOLE = 10_000;
/** A share as the server takes it: up to 3 digits, up to 2 decimals (split-schemas.ts). */
const SHARE_PATTERN = /^\d{1,3}(\.\d{1,2})?$/;
/** Enough of an address to send an invitation to; the server checks it properly. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** One row of the Splits form, as typed. `key` names the row for React and focus. */
export interface SplitRow {
  key: string;
  email: string;
  share: string;
}

/** The rows a track's saved splits start the form with. */
export function rowsFromSplits(splits: TrackSplits): SplitRow[] {
  return splits.collaborators.map((c) => ({ key: c.id, email: c.email, share: c.share }));
}

/** A share's basis points, or null while it is not one ("", "12.345", "abc"). */
export function shareBasisPoints(share: string): number | null {
  const text = share.trim();
  if (!SHARE_PATTERN.test(text)) return null;
  return basisPointsFromPercent(text);
}

/** The collaborators' shares added up, the rows not yet a share aside. */
export function collaboratorsTotal(rows: readonly SplitRow[]): number {
  return rows.reduce((sum, row) => sum + (shareBasisPoints(row.share) ?? 0), 0);
}

/**
 * `You: 60%`: what the collaborators leave the artist, as the form stands.
 * Never below 0 % (the refusal says why when the shares pass 100 %).
 */
export function ownShareLine(rows: readonly SplitRow[]): string {
  return yourShareLine(Math.max(0, WHOLE - collaboratorsTotal(rows)));
}

export interface RowErrors {
  email?: string;
  share?: string;
}

export interface SplitFormErrors {
  rows: Record<string, RowErrors>;
  /** About the whole list: `Shares must add up to 100%.` */
  list?: string;
}

const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * What Save splits refuses before asking the server, in the server's own
 * words (split-messages.ts): each row's email and share, a collaborator
 * listed twice, and shares over 100 % in all.
 */
export function splitFormErrors(rows: readonly SplitRow[]): SplitFormErrors {
  const errors: SplitFormErrors = { rows: {} };
  const seen = new Set<string>();
  for (const row of rows) {
    const own: RowErrors = {};
    const email = normalEmail(row.email);
    if (!email) own.email = "Email is required.";
    else if (!EMAIL_PATTERN.test(email)) {
      own.email = INVALID_EMAIL_MESSAGE;
    } else if (seen.has(email)) own.email = splitMessages.duplicate(email);
    seen.add(email);
    const points = shareBasisPoints(row.share);
    if (points === null || points <= 0) own.share = splitMessages.share;
    else if (points > WHOLE) own.share = splitMessages.sharesOver100;
    if (own.email || own.share) errors.rows[row.key] = own;
  }
  if (collaboratorsTotal(rows) > WHOLE) errors.list = splitMessages.sharesOver100;
  return errors;
}

export const hasErrors = (errors: SplitFormErrors) =>
  Boolean(errors.list) || Object.keys(errors.rows).length > 0;

/** The PUT body: every row, emails and shares trimmed. */
export function splitsInput(rows: readonly SplitRow[]): SplitsInput {
  return {
    collaborators: rows.map((row) => ({ email: row.email.trim(), share: row.share.trim() })),
  };
}

/**
 * The server's field errors (`collaborators.3.share`, `collaborators`) put
 * on the rows they name.
 */
export function serverFormErrors(
  rows: readonly SplitRow[],
  fieldErrors: Record<string, string> | undefined,
): SplitFormErrors {
  const errors: SplitFormErrors = { rows: {} };
  for (const [path, message] of Object.entries(fieldErrors ?? {})) {
    const match = /^collaborators\.(\d+)\.(email|share)$/.exec(path);
    const row = match ? rows[Number(match[1])] : undefined;
    if (match && row) {
      errors.rows[row.key] = { ...errors.rows[row.key], [match[2] as keyof RowErrors]: message };
    } else if (path === "collaborators" || path.startsWith("collaborators")) {
      errors.list ??= message;
    }
  }
  return errors;
}

/** Whether the form differs from what is saved (same rows, same order, same shares). */
export function rowsChanged(rows: readonly SplitRow[], saved: TrackSplits | undefined): boolean {
  const before = saved?.collaborators ?? [];
  if (rows.length !== before.length) return true;
  return rows.some((row, i) => {
    const was = before[i]!;
    const points = shareBasisPoints(row.share);
    return normalEmail(row.email) !== normalEmail(was.email) || points !== was.shareBasisPoints;
  });
}

/** A share in basis points as the form writes it: 4000 → "40%". */
export const percentLabel = (basisPoints: number) => `${percentText(basisPoints)}%`;
