import { describe, expect, it } from "vitest";
import { allMigrations } from "./index";

/**
 * The migrations a released `main` has run on somebody's database, in order.
 * The migrator refuses a database whose applied migrations are not a prefix
 * of the list, so a new migration may only be appended after these (one
 * slotted in between would stop every upgraded portal at start-up).
 * Add a name here once it has landed on main.
 */
const RELEASED = [
  "0001-accounts",
  "0001b-stored-files",
  "0002-chat",
  "0003-songs",
  "0006-mail",
  "0007-song-history",
  "0008-import-records",
  "0009-file-sweep-indexes",
  "0010-team-inbox",
  "0013-finish",
  "0014-conversation-tools",
  "0015-lighter-message-insert",
  "0016-short-gin-pending-list",
  "0017-releases",
  "0018-fan-out-pending",
  "0019-mail-job-priority",
  "0020-release-review",
  "0021-release-upc-unique",
  "0025-payout-details",
];

describe("migrations", () => {
  it.each(["sqlite", "postgres"] as const)(
    "on %s, only ever append after the released ones, in name order",
    (dialect) => {
      const names = Object.keys(allMigrations(dialect));
      expect(names.slice(0, RELEASED.length)).toEqual(RELEASED);
      // The migrator runs them by name: the list's order must be that order.
      expect([...names].sort()).toEqual(names);
    },
  );
});
