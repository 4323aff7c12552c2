import {
  createQueryId,
  type Compilable,
  type CompiledQuery,
  type Kysely,
  type QueryResult,
} from "kysely";

/** Stands for a value given at each call; compiled into the parameter list as this string. */
const MARK = "\u0000kysely-slot:";

type Slot = { name: string } | { value: unknown };
/**
 * A named slot for a value given at each call. Typed `never` so it fits any
 * column's type where the query builder expects a value.
 */
export type SlotFn = (name: string) => never;
/**
 * The marker a slot compiles to. Declared to return `never` (its one
 * overload), so the builder takes it wherever a value of any type goes; what
 * it returns is the marker string, found again in the compiled parameters.
 */
function slot(name: string): never;
function slot(name: string): string {
  return `${MARK}${name}`;
}

interface Entry<R> {
  compiled: CompiledQuery<R>;
  slots: Slot[];
}

/**
 * Kysely builds the operation tree and compiles the same SQL text on every
 * call (8–9% of a song-list request). A hot query whose shape is fixed per
 * `key` is compiled once per database handle with named slots (`slot(name)`
 * in place of a value), and later calls only put their values into the
 * parameter list. Only values that go straight into a parameter may be slots
 * (not a LIMIT computed from them, not a table name); anything else belongs
 * in the key.
 */
export function compiledQueryCache<DB>() {
  // Keyed by the handle's adapter, which its transactions share: a query
  // compiled once serves the handle and every transaction opened on it.
  const perDialect = new WeakMap<object, Map<string, Entry<unknown>>>();

  async function execute<R>(
    db: Kysely<DB>,
    key: string,
    build: (slot: SlotFn) => Compilable<R>,
    values: Record<string, unknown>,
  ): Promise<QueryResult<R>> {
    const dialect = db.getExecutor().adapter;
    let entries = perDialect.get(dialect);
    if (!entries) perDialect.set(dialect, (entries = new Map<string, Entry<unknown>>()));
    let entry = entries.get(key) as Entry<R> | undefined;
    if (!entry) {
      const compiled = build(slot).compile();
      const slots = compiled.parameters.map((p): Slot => {
        if (typeof p === "string" && p.startsWith(MARK)) return { name: p.slice(MARK.length) };
        return { value: p };
      });
      entry = { compiled, slots };
      entries.set(key, entry);
    }
    const parameters = entry.slots.map((s) => {
      if (!("name" in s)) return s.value;
      if (!(s.name in values)) throw new Error(`compiled query ${key}: no value for ${s.name}`);
      return values[s.name];
    });
    // A fresh query id per execution: plugins keep per-execution state by it.
    return db.executeQuery<R>({ ...entry.compiled, parameters, queryId: createQueryId() });
  }

  /** The rows the query answers. */
  async function run<R>(
    db: Kysely<DB>,
    key: string,
    build: (slot: SlotFn) => Compilable<R>,
    values: Record<string, unknown>,
  ): Promise<R[]> {
    return (await execute(db, key, build, values)).rows;
  }

  /** How many rows an insert, update or delete touched. */
  async function affected(
    db: Kysely<DB>,
    key: string,
    build: (slot: SlotFn) => Compilable,
    values: Record<string, unknown>,
  ): Promise<number> {
    return Number((await execute(db, key, build, values)).numAffectedRows ?? 0);
  }

  return Object.assign(run, { affected });
}
