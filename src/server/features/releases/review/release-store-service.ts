import type { Kysely, Transaction } from "kysely";
import {
  STORE_SONG_LINK,
  isStoreLink,
  type DeliveryState,
  type ReleaseStepData,
  type ReleaseStore,
} from "../../../../shared/release-review";
import type { Database } from "../../../db/schema";
import { findRelease, findTracks, type ReleaseRow } from "../release-repository";
import {
  bumpVersionForStores,
  insertStep,
  listStores,
  markLive,
  markNotLive,
  updateStore,
} from "./release-review-repository";
import {
  fillLinksOfRelease,
  setStatusesOfRelease,
  type SongLinks,
} from "../../songs/release-song-service";

export interface Delivery {
  store: ReleaseStore;
  state: DeliveryState;
  link: string;
  note: string;
}

/** Thrown inside the transaction: another save or step changed the release meanwhile. */
export class StaleStores extends Error {}

/** Thrown inside the transaction: the save changes nothing, so the version bump is rolled back. */
class NothingChanged extends Error {}

/** Thrown inside the transaction: a store set back from Live without saying why (nothing saved). */
export class ReasonNeeded extends Error {
  constructor(
    readonly store: ReleaseStore,
    readonly index: number,
  ) {
    super(`${store} left Live without a reason`);
  }
}

export interface DeliveriesOutcome {
  row: ReleaseRow;
  /** Something was saved (a row differs from before). */
  changed: boolean;
  /** Set when this save made the release live (the first Live store). */
  wentLive: { store: string; link: string } | null;
  /** This save set the last Live store back: the release is approved again. */
  leftLive: boolean;
  changedSongs: string[];
}

const STEP_OF_STATE: Partial<Record<DeliveryState, ReleaseStepData["kind"]>> = {
  Delivered: "delivered",
  Live: "store_live",
  Error: "store_error",
};

const SONG_LINK_COLUMN = {
  spotify: "spotifyUrl",
  apple: "appleMusicUrl",
  youtube: "youtubeUrl",
} as const;

/**
 * Saves store rows in one transaction that first moves the release to its
 * next version, only from the version the agent edited on and only while
 * approved or live (else StaleStores: nothing applied, the agent is told
 * what changed). Then: a timeline step per store whose
 * state changed, its link copied to the songs ("Listen On") for Spotify,
 * Apple Music and YouTube Music, and — once, however many agents save at
 * the same moment — the release's move to live with its songs released
 * (a conditional UPDATE from approved: only one transaction matches it).
 */
export async function saveDeliveries(
  db: Kysely<Database>,
  input: {
    releaseId: string;
    version: number;
    agent: { id: string; name: string };
    deliveries: Delivery[];
    now: number;
  },
): Promise<DeliveriesOutcome> {
  try {
    return await saveInTransaction(db, input);
  } catch (error) {
    if (!(error instanceof NothingChanged)) throw error;
    // Nothing to save: the release keeps its version, so another agent's open page is not stale.
    const row = await findRelease(db, input.releaseId);
    if (!row) throw new StaleStores();
    return { row, changed: false, wentLive: null, leftLive: false, changedSongs: [] };
  }
}

function saveInTransaction(
  db: Kysely<Database>,
  input: Parameters<typeof saveDeliveries>[1],
): Promise<DeliveriesOutcome> {
  const { agent, now } = input;
  return db.transaction().execute(async (trx) => {
    const release = await bumpVersionForStores(trx, input.releaseId, input.version, now);
    if (!release) throw new StaleStores();
    const current = new Map((await listStores(trx, release.id)).map((row) => [row.store, row]));
    const tracks = await findTracks(trx, [release.id]);
    const songIds = tracks.flatMap((track) => (track.songId ? [track.songId] : []));
    let changed = false;
    let firstLive: Delivery | null = null;
    let lastReason = "";
    const links: SongLinks = {};
    for (const [index, delivery] of input.deliveries.entries()) {
      const before = current.get(delivery.store);
      if (!before) continue;
      if (delivery.state === "Live") firstLive ??= delivery;
      if (before.state === "Live" && delivery.state !== "Live") {
        if (delivery.note === "") throw new ReasonNeeded(delivery.store, index);
        lastReason = delivery.note;
      }
      if (
        before.state === delivery.state &&
        before.link === delivery.link &&
        before.note === delivery.note
      ) {
        continue;
      }
      changed = true;
      await saveOne(trx, { release, agent, delivery, before, now }, links);
      current.set(delivery.store, { ...before, state: delivery.state });
    }
    const linkedSongs = await fillLinksOfRelease(trx, songIds, links, now);
    const live = firstLive ? await goLive(trx, release, firstLive, songIds, agent, now) : null;
    // The release stays Live while one store is; the last one set back takes it to approved.
    const stillLive = [...current.values()].some((row) => row.state === "Live");
    const left =
      !live && !stillLive && release.state === "live"
        ? await leaveLive(trx, release, lastReason, songIds, agent, now)
        : null;
    const row = live?.row ?? left?.row ?? release;
    const wentLive = live ? { store: live.store, link: live.link } : null;
    const moved = live?.released ?? left?.moved ?? [];
    if (!changed && !live && !left && linkedSongs.length === 0) throw new NothingChanged();
    return {
      row,
      changed: changed || wentLive !== null || left !== null,
      wentLive,
      leftLive: left !== null,
      changedSongs: [...new Set([...linkedSongs, ...moved])],
    };
  });
}

/**
 * The first Live store: the release moves from approved to live (a
 * conditional UPDATE, so of two saves at once only one moves it), its songs
 * are released, and the timeline says "Live". Null when it was live already.
 */
async function goLive(
  trx: Transaction<Database>,
  release: ReleaseRow,
  first: Delivery,
  songIds: string[],
  agent: { id: string; name: string },
  now: number,
) {
  const row = await markLive(trx, release.id, now);
  if (!row) return null;
  const released = await setStatusesOfRelease(trx, songIds, "released", {
    by: { agentId: agent.id, name: agent.name },
    at: now,
  });
  await insertStep(trx, {
    releaseId: release.id,
    data: { kind: "live", store: first.store },
    actor: agent,
    releaseVersion: row.version,
    at: now,
  });
  return { row, released, store: first.store, link: first.link };
}

/**
 * The last Live store set back: the release is approved again (a
 * conditional UPDATE from live), its songs go back to "in review" with the
 * agent's reason in their history, and the timeline says so.
 */
async function leaveLive(
  trx: Transaction<Database>,
  release: ReleaseRow,
  reason: string,
  songIds: string[],
  agent: { id: string; name: string },
  now: number,
) {
  const row = await markNotLive(trx, release.id, now);
  if (!row) return null;
  const moved = await setStatusesOfRelease(trx, songIds, "in review", {
    by: { agentId: agent.id, name: agent.name },
    at: now,
    note: reason,
  });
  await insertStep(trx, {
    releaseId: release.id,
    data: { kind: "not_live", note: reason },
    actor: agent,
    releaseVersion: row.version,
    at: now,
  });
  return { row, moved };
}

/** One store row that differs: saved, its step when its state moved, its link for the songs. */
async function saveOne(
  trx: Transaction<Database>,
  input: {
    release: ReleaseRow;
    agent: { id: string; name: string };
    delivery: Delivery;
    before: { state: string; link: string };
    now: number;
  },
  links: SongLinks,
): Promise<void> {
  const { release, delivery, before } = input;
  await updateStore(trx, { releaseId: release.id, ...delivery }, input.now);
  const leaving = before.state === "Live" && delivery.state !== "Live";
  const kind = leaving ? "store_not_live" : STEP_OF_STATE[delivery.state];
  if (kind && before.state !== delivery.state) {
    await insertStep(trx, {
      releaseId: release.id,
      data: {
        kind,
        store: delivery.store,
        ...(kind === "store_error" || leaving ? { note: delivery.note } : {}),
      },
      actor: input.agent,
      releaseVersion: release.version,
      at: input.now,
    });
  }
  // "Listen On" shows a store's checked link while it is Live there, and nothing after.
  const songLink = STORE_SONG_LINK[delivery.store];
  if (!songLink) return;
  const isLive = delivery.state === "Live" && isStoreLink(delivery.store, delivery.link);
  if (isLive && (before.link !== delivery.link || before.state !== "Live")) {
    links[SONG_LINK_COLUMN[songLink]] = delivery.link;
  } else if (leaving) {
    links[SONG_LINK_COLUMN[songLink]] = "";
  }
}
