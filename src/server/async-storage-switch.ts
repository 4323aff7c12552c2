import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Turns AsyncLocalStorage instances off whenever none of the work that
 * reads them is running.
 *
 * On Node 20 an AsyncLocalStorage that has run once keeps a promise hook on
 * for the whole process: every promise of every request, chat and songs
 * included, then pays it (an `await` measured 2.5–3× dearer; the song list
 * about 12 % more CPU per request, docs/benchmarks.md "Songs"). The portal's
 * storages are only read by rare work (better-auth's sign-in, sign-up,
 * resets; a tus upload), so each such call goes through `around`, and when
 * the last one in flight has ended every storage is disabled. Node's
 * documented behaviour: `run()` enables a disabled storage again, and the
 * hook goes away once no storage is enabled.
 */
export class AsyncStorageSwitch {
  private running = 0;

  /** `storages` is asked each time: a library may create its storages lazily. */
  constructor(private readonly storages: () => Iterable<AsyncLocalStorage<unknown>>) {}

  /** Runs `work`, whose storages stay on until it and every other in flight have ended. */
  async around<T>(work: () => Promise<T>): Promise<T> {
    this.running++;
    try {
      return await work();
    } finally {
      this.running--;
      if (this.running === 0) for (const storage of this.storages()) storage.disable();
    }
  }
}

/** better-auth keeps its context storages on one object in globalThis (its `global.ts`). */
const BETTER_AUTH_GLOBAL = Symbol.for("better-auth:global");

/** The AsyncLocalStorage instances better-auth has created so far. */
export function betterAuthStorages(): AsyncLocalStorage<unknown>[] {
  const global = (globalThis as Record<symbol, { context?: Record<string, unknown> } | undefined>)[
    BETTER_AUTH_GLOBAL
  ];
  return Object.values(global?.context ?? {}).filter(
    (value): value is AsyncLocalStorage<unknown> => value instanceof AsyncLocalStorage,
  );
}
