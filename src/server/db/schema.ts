import type { Generated } from "kysely";
import type { AccountTable, SessionTable, UserTable, VerificationTable } from "./schema/auth";
import type {
  AgentAvailabilityTable,
  DeskMentionTable,
  DeskReadTable,
  FanOutInstanceTable,
  FanOutPendingTable,
  MessageTable,
  RoomMemberTable,
  RoomTable,
  SavedReplyTable,
} from "./schema/chat";
import type { ImportRecordTable } from "./schema/import";
import type * as LedgerTables from "./schema/ledger";
import type { MailJobTable, MailPreferenceTable } from "./schema/mail";
import type { PayoutDetailsTable } from "./schema/payout-details";
import type * as ReviewTables from "./schema/release-review";
import type { ReleaseFileTable, ReleaseTable, ReleaseTrackTable } from "./schema/releases";
import type { SongRequestTable, SongStatusEventTable, SongViewDayTable } from "./schema/songs";
import type * as SplitTables from "./schema/splits";
import type * as StatementTables from "./schema/statements";
import type { StoredFileTable } from "./schema/uploads";
import type { WithdrawalTable } from "./schema/withdrawals";

/*
 * The database as Kysely sees it, assembled from one file of tables per
 * feature under schema/. A new feature adds its file, one import here and one
 * line per table below; repositories keep importing every table type from here.
 */
export type * from "./schema/auth";
export type * from "./schema/chat";
export type * from "./schema/columns";
export type * from "./schema/import";
export type * from "./schema/ledger";
export type * from "./schema/mail";
export type * from "./schema/payout-details";
export type * from "./schema/release-review";
export type * from "./schema/releases";
export type * from "./schema/songs";
export type * from "./schema/splits";
export type * from "./schema/statements";
export type * from "./schema/uploads";
export type * from "./schema/withdrawals";

export interface Database {
  release: ReleaseTable;
  release_track: ReleaseTrackTable;
  release_file: ReleaseFileTable;
  release_step: ReviewTables.ReleaseStepTable;
  release_store: ReviewTables.ReleaseStoreTable;
  code_counter: ReviewTables.CodeCounterTable;
  mail_job: MailJobTable;
  mail_preference: MailPreferenceTable;
  stored_file: StoredFileTable;
  user: UserTable;
  room: RoomTable;
  room_member: RoomMemberTable;
  desk_read: DeskReadTable;
  desk_mention: DeskMentionTable;
  message: MessageTable;
  fan_out_pending: FanOutPendingTable;
  fan_out_instance: FanOutInstanceTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  song_request: SongRequestTable;
  song_status_event: SongStatusEventTable;
  song_view_day: SongViewDayTable;
  import_record: ImportRecordTable;
  saved_reply: SavedReplyTable;
  agent_availability: AgentAvailabilityTable;
  payout_details: PayoutDetailsTable;
  user_role: LedgerTables.UserRoleTable;
  ledger_account: LedgerTables.LedgerAccountTable;
  ledger_posting: LedgerTables.LedgerPostingTable;
  ledger_entry: LedgerTables.LedgerEntryTable;
  posting_split_share: LedgerTables.PostingSplitShareTable;
  statement: StatementTables.StatementTable;
  statement_line: StatementTables.StatementLineTable;
  statement_group: StatementTables.StatementGroupTable;
  royalty_rate: StatementTables.RoyaltyRateTable;
  code_alias: StatementTables.CodeAliasTable;
  withdrawal: WithdrawalTable;
  track_split: SplitTables.TrackSplitTable;
  split_share: SplitTables.SplitShareTable;
}

export type { Generated };
