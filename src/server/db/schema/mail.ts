import type { ColumnType } from "kysely";
import type { MailJobName } from "../../mail/mail-jobs";
import type { Bool, EpochMs } from "./columns";

// The mail outbox and what each person wants mailed.

export interface MailJobTable {
  id: string;
  kind: MailJobName;
  dedupeKey: string | null;
  /** JSON: the rendered message, or what a notice is about. */
  payload: string;
  status: "pending" | "sent" | "skipped";
  /** Among due jobs, higher first (decision 095). */
  priority: number;
  runAt: EpochMs;
  attempts: number;
  /** While an instance hands the mail to SMTP: no other sends it before this (epoch ms). */
  claimedUntil: EpochMs | null;
  lastError: string | null;
  createdAt: EpochMs;
  doneAt: EpochMs | null;
}

export interface MailPreferenceTable {
  userId: string;
  unreadNotices: Bool;
  /** Emails about a song's status change; null (never set) is on. */
  songStatusNotices: ColumnType<
    boolean | number | null,
    boolean | number | null | undefined,
    boolean | number | null
  >;
  /** One email per imported statement that credited the artist; null (never set) is on. */
  earningsEmails: ColumnType<
    boolean | number | null,
    boolean | number | null | undefined,
    boolean | number | null
  >;
  updatedAt: EpochMs;
}
