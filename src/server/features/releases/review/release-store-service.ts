import type { Kysely, Transaction } from "kysely";
import {
  STORE_SONG_LINK,
  type DeliveryState,
  type ReleaseStepData,
  type ReleaseStore,
} from "../../../../shared/release-review";
import type { Database } from "../../../db/schema";
import { findTracks, type ReleaseRow } from "../release-repository";
import {
  bumpVersionForStores,
  insertStep,
  listStores,
  markLive,
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

export interface DeliveriesOutcome {
  row: ReleaseRow;
  /** Something was saved (a row differs from before). */
  changed: boolean;
  /** Set when this save made the release live (the first Live store). */
  wentLive: { store: string; link: string } | null;
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
  const { agent, now } = input;
  return db.transaction().execute(async (trx) => {
    const release = await bumpVersionForStores(trx, input.releaseId, input.version, now);
    if (!release) throw new StaleStores();
    const current = new Map((await listStores(trx, release.id)).map((row) => [row.store, row]));
    const tracks = await findTracks(trx, [release.id]);
    const songIds = tracks.flatMap((track) => (track.songId ? [track.songId] : []));
    let changed = false;
    let firstLive: Delivery | null = null;
    const links: SongLinks = {};
    for (const delivery of input.deliveries) {
      const before = current.get(delivery.store);
      if (!before) continue;
      if (delivery.state === "Live") firstLive ??= delivery;
      if (
        before.state === delivery.state &&
        before.link === delivery.link &&
        before.note === delivery.note
      ) {
        continue;
      }
      changed = true;
      await saveOne(trx, { release, agent, delivery, before, now }, links);
    }
    const linkedSongs = await fillLinksOfRelease(trx, songIds, links, now);
    const live = firstLive ? await goLive(trx, release, firstLive, songIds, agent, now) : null;
    const row = live?.row ?? release;
    const wentLive = live ? { store: live.store, link: live.link } : null;
    const released = live?.released ?? [];
    return {
      row,
      changed: changed || wentLive !== null,
      wentLive,
      changedSongs: [...new Set([...linkedSongs, ...released])],
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
  const kind = STEP_OF_STATE[delivery.state];
  if (kind && before.state !== delivery.state) {
    await insertStep(trx, {
      releaseId: release.id,
      data: {
        kind,
        store: delivery.store,
        ...(kind === "store_error" ? { note: delivery.note } : {}),
      },
      actor: input.agent,
      releaseVersion: release.version,
      at: input.now,
    });
  }
  const songLink = STORE_SONG_LINK[delivery.store];
  if (songLink && delivery.link !== "" && before.link !== delivery.link) {
    links[SONG_LINK_COLUMN[songLink]] = delivery.link;
  }
}
