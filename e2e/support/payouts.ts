import path from "node:path";
import Database from "better-sqlite3";
import { expect } from "@playwright/test";
import { e2eDataDir } from "./mailbox";

/**
 * Saving payout details holds withdrawals for PAYOUT_DETAILS_HOLD_HOURS
 * (24 on the e2e server, which the payout-details journey shows). A day
 * cannot pass here, so the hold is ended in the portal's database, as if it
 * had run out; nothing else is touched.
 */
export function endPayoutHold(userId: string) {
  const db = new Database(path.join(e2eDataDir(), "portal.sqlite"));
  try {
    db.pragma("busy_timeout = 10000");
    const changed = db
      .prepare(`UPDATE payout_details SET "withdrawalsHeldUntil" = NULL WHERE "userId" = ?`)
      .run(userId);
    expect(changed.changes).toBe(1);
  } finally {
    db.close();
  }
}
