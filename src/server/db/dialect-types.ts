export type MigrationDialect = "sqlite" | "postgres";

/** Column type for instants: ISO text on SQLite, timestamptz on PostgreSQL. */
export function timestampType(dialect: MigrationDialect) {
  return dialect === "postgres" ? ("timestamptz" as const) : ("text" as const);
}
