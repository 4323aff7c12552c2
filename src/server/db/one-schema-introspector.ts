import {
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  PostgresDialect,
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  type Kysely,
  type PostgresDialectConfig,
  type SchemaMetadata,
  type TableMetadata,
  sql,
} from "kysely";

type Column = {
  table: string;
  table_type: string;
  column: string;
  not_null: boolean;
  has_default: boolean;
  type: string;
  type_schema: string;
  auto_incrementing: string | null;
};

/**
 * Kysely's PostgreSQL introspector lists the tables and columns of every
 * schema, calling `pg_get_serial_sequence` on each column. On a server
 * shared with other apps, or with tests creating and dropping schemas in
 * parallel, a table or column dropped during that listing fails it ("column
 * ... of relation ... does not exist"), and the migrator with it. An app
 * given a schema of its own only ever needs that schema's tables.
 */
export class OneSchemaIntrospector implements DatabaseIntrospector {
  constructor(
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the catalog is not in the app's Database type
    private readonly db: Kysely<any>,
    private readonly schema: string,
  ) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const rows = await this.db
      .selectFrom("pg_catalog.pg_namespace")
      .select("nspname")
      .where("nspname", "=", this.schema)
      .execute();
    return rows.map((row: { nspname: string }) => ({ name: row.nspname }));
  }

  async getTables(options?: DatabaseMetadataOptions): Promise<TableMetadata[]> {
    let query = this.db
      .selectFrom("pg_catalog.pg_attribute as a")
      .innerJoin("pg_catalog.pg_class as c", "a.attrelid", "c.oid")
      .innerJoin("pg_catalog.pg_namespace as ns", "c.relnamespace", "ns.oid")
      .innerJoin("pg_catalog.pg_type as typ", "a.atttypid", "typ.oid")
      .innerJoin("pg_catalog.pg_namespace as dtns", "typ.typnamespace", "dtns.oid")
      .select([
        "c.relname as table",
        "c.relkind as table_type",
        "a.attname as column",
        "a.attnotnull as not_null",
        "a.atthasdef as has_default",
        "typ.typname as type",
        "dtns.nspname as type_schema",
        sql<
          string | null
        >`pg_get_serial_sequence(quote_ident(ns.nspname) || '.' || quote_ident(c.relname), a.attname)`.as(
          "auto_incrementing",
        ),
      ])
      .where("ns.nspname", "=", this.schema)
      .where("c.relkind", "in", ["r", "v", "p"])
      .where("a.attnum", ">=", 0)
      .where("a.attisdropped", "!=", true)
      .orderBy("c.relname")
      .orderBy("a.attnum");
    if (!options?.withInternalKyselyTables) {
      query = query.where("c.relname", "not in", [
        DEFAULT_MIGRATION_TABLE,
        DEFAULT_MIGRATION_LOCK_TABLE,
      ]);
    }
    const columns: Column[] = await query.execute();
    return this.tables(columns);
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }

  private tables(columns: Column[]): TableMetadata[] {
    const byName = new Map<
      string,
      TableMetadata & { columns: TableMetadata["columns"][number][] }
    >();
    for (const column of columns) {
      let table = byName.get(column.table);
      if (!table) {
        table = {
          name: column.table,
          schema: this.schema,
          isView: column.table_type === "v",
          columns: [],
        };
        byName.set(column.table, table);
      }
      table.columns.push({
        name: column.column,
        dataType: column.type,
        dataTypeSchema: column.type_schema,
        isNullable: !column.not_null,
        hasDefaultValue: column.has_default,
        isAutoIncrementing: column.auto_incrementing !== null,
      });
    }
    return [...byName.values()];
  }
}

/** PostgreSQL's dialect whose introspection (the migrator's) sees one schema only. */
export class OneSchemaPostgresDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly schema: string,
  ) {
    super(config);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own signature
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new OneSchemaIntrospector(db, this.schema);
  }
}
