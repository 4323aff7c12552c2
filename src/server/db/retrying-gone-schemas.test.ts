import type { MigrationResultSet } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { retryingGoneSchemas } from "./database";

/** A PostgreSQL error as the driver throws it. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
const done: MigrationResultSet = { results: [] };

describe("retryingGoneSchemas", () => {
  it("moves the migrator again when another schema vanished while it listed them", async () => {
    const move = vi
      .fn<() => Promise<MigrationResultSet>>()
      .mockResolvedValueOnce({ error: pgError("3F000", 'schema "t_churn_1" does not exist') })
      .mockResolvedValueOnce({ error: pgError("42P01", 'relation "t_churn_2.a" does not exist') })
      .mockResolvedValueOnce(done);
    await expect(retryingGoneSchemas(move, "t_mine")).resolves.toBe(done);
    expect(move).toHaveBeenCalledTimes(3);
  });

  it("answers any other failure at once, a missing table of its own schema included", async () => {
    const own = { error: pgError("42P01", 'relation "t_mine.song" does not exist') };
    const move = vi.fn<() => Promise<MigrationResultSet>>().mockResolvedValue(own);
    await expect(retryingGoneSchemas(move, "t_mine")).resolves.toBe(own);
    const syntax = { error: pgError("42601", "syntax error") };
    const other = vi.fn<() => Promise<MigrationResultSet>>().mockResolvedValue(syntax);
    await expect(retryingGoneSchemas(other, "t_mine")).resolves.toBe(syntax);
    expect([move.mock.calls.length, other.mock.calls.length]).toEqual([1, 1]);
  });

  it("gives up with the last error when other schemas keep vanishing", async () => {
    const gone = { error: pgError("3F000", 'schema "t_churn_3" does not exist') };
    const move = vi.fn<() => Promise<MigrationResultSet>>().mockResolvedValue(gone);
    await expect(retryingGoneSchemas(move, "t_mine")).resolves.toBe(gone);
    // A bounded number of tries (8), each after a short random pause.
    expect(move).toHaveBeenCalledTimes(8);
  });
});
