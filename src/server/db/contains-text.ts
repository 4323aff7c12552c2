import { sql, type Expression, type RawBuilder } from "kysely";

/**
 * `column` contains `text`, ignoring case, with % and _ in the text taken
 * literally. lower() on both sides because LIKE is case-insensitive on SQLite
 * but not on PostgreSQL; the explicit ESCAPE works on both.
 */
export function containsText(column: Expression<string>, text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${column}) like ${pattern} escape '\\'`;
}
