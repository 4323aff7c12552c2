import type { Migration } from "kysely";
import type { MigrationDialect } from "../dialect-types";
import { accountsMigration } from "./0001-accounts";
import { storedFilesMigration } from "./0001b-stored-files";
import { chatMigration } from "./0002-chat";
import { songsMigration } from "./0003-songs";
import { mailMigration } from "./0006-mail";
import { songHistoryMigration } from "./0007-song-history";
import { importRecordsMigration } from "./0008-import-records";
import { fileSweepIndexesMigration } from "./0009-file-sweep-indexes";
import { teamInboxMigration } from "./0010-team-inbox";
import { finishMigration } from "./0013-finish";
import { conversationToolsMigration } from "./0014-conversation-tools";
import { lighterMessageInsertMigration } from "./0015-lighter-message-insert";
import { shortGinPendingListMigration } from "./0016-short-gin-pending-list";
import { releasesMigration } from "./0017-releases";
import { fanOutPendingMigration } from "./0018-fan-out-pending";
import { mailJobPriorityMigration } from "./0019-mail-job-priority";
import { releaseReviewMigration } from "./0020-release-review";
import { releaseUpcUniqueMigration } from "./0021-release-upc-unique";
import { payoutDetailsMigration } from "./0025-payout-details";
import { financeRoleMigration } from "./0026-finance-role";
import { ledgerMigration } from "./0027-ledger";
import { statementsMigration } from "./0028-statements";
import { earningsEmailsMigration } from "./0029-earnings-emails";
import { withdrawalsMigration } from "./0031-withdrawals";
import { splitsMigration } from "./0032-splits";
import { statementLineScratchMigration } from "./0033-statement-line-scratch";
import { mailJobClaimMigration } from "./0034-mail-job-claim";
import { ledgerChangeNoticesMigration } from "./0035-ledger-change-notices";
import { statementLinePartitionsMigration } from "./0036-statement-line-partitions";
import { stagedGroupSumsMigration } from "./0037-staged-group-sums";
import { ledgerReferencesPerStatementMigration } from "./0038-ledger-references-per-statement";
import { withdrawalDestinationMigration } from "./0039-withdrawal-destination";
import { postingSplitSharesMigration } from "./0040-posting-split-shares";

/**
 * Every migration, in order. New features append here; names never change
 * once released because the migrator records them.
 */
export function allMigrations(dialect: MigrationDialect): Record<string, Migration> {
  return {
    "0001-accounts": accountsMigration(dialect),
    "0001b-stored-files": storedFilesMigration,
    "0002-chat": chatMigration,
    "0003-songs": songsMigration(),
    "0006-mail": mailMigration(),
    "0007-song-history": songHistoryMigration(),
    "0008-import-records": importRecordsMigration,
    "0009-file-sweep-indexes": fileSweepIndexesMigration,
    "0010-team-inbox": teamInboxMigration,
    "0013-finish": finishMigration,
    "0014-conversation-tools": conversationToolsMigration(dialect),
    "0015-lighter-message-insert": lighterMessageInsertMigration(dialect),
    "0016-short-gin-pending-list": shortGinPendingListMigration(dialect),
    "0017-releases": releasesMigration,
    "0018-fan-out-pending": fanOutPendingMigration,
    "0019-mail-job-priority": mailJobPriorityMigration,
    "0020-release-review": releaseReviewMigration,
    "0021-release-upc-unique": releaseUpcUniqueMigration,
    "0025-payout-details": payoutDetailsMigration,
    "0026-finance-role": financeRoleMigration,
    "0027-ledger": ledgerMigration(dialect),
    "0028-statements": statementsMigration(dialect),
    "0029-earnings-emails": earningsEmailsMigration,
    "0031-withdrawals": withdrawalsMigration,
    "0032-splits": splitsMigration,
    "0033-statement-line-scratch": statementLineScratchMigration(dialect),
    "0034-mail-job-claim": mailJobClaimMigration,
    "0035-ledger-change-notices": ledgerChangeNoticesMigration(dialect),
    "0036-statement-line-partitions": statementLinePartitionsMigration(dialect),
    "0037-staged-group-sums": stagedGroupSumsMigration(dialect),
    "0038-ledger-references-per-statement": ledgerReferencesPerStatementMigration(dialect),
    "0039-withdrawal-destination": withdrawalDestinationMigration(dialect),
    "0040-posting-split-shares": postingSplitSharesMigration,
  };
}
