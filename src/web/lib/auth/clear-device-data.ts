import type { QueryClient } from "@tanstack/react-query";

/** The chat outbox's IndexedDB database (features/conversations/outbox/outbox-store.ts). */
const OUTBOX_DB = "artist-portal-outbox";

/**
 * What this browser keeps of the signed-in person, gone on sign-out and
 * account deletion (issue 23): unsent chat messages (text and files) in
 * IndexedDB, every cached query, and any Cache Storage entry but the
 * service worker's app shell (workbox precache: the same for everyone).
 */
export async function clearDeviceData(queryClient: QueryClient): Promise<void> {
  queryClient.clear();
  await Promise.all([clearOutbox(), clearUserCaches()]);
}

/** Empties the outbox store; open connections (a chat tab) keep working, with nothing in it. */
async function clearOutbox(): Promise<void> {
  if (typeof indexedDB === "undefined") return;
  const { openDB } = await import("idb");
  // Opening a database that does not exist would create it without its
  // store (and the outbox's own open would then skip its upgrade).
  const databases = await indexedDB.databases();
  if (!databases.some((d) => d.name === OUTBOX_DB)) return;
  const db = await openDB(OUTBOX_DB);
  try {
    if (db.objectStoreNames.contains("messages")) await db.clear("messages");
  } finally {
    db.close();
  }
}

async function clearUserCaches(): Promise<void> {
  if (typeof caches === "undefined") return;
  const names = await caches.keys();
  await Promise.all(
    names.filter((name) => !name.includes("precache")).map((name) => caches.delete(name)),
  );
}
