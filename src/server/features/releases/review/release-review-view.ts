import {
  CHANGE_REASONS,
  RELEASE_STORES,
  timelineLabel,
  type DeliveryState,
  type ReleaseStore,
} from "../../../../shared/release-review";
import type { ReleaseDetail } from "../../../../shared/release-schemas";
import type {
  ChangeRequestItem,
  ReleaseReview,
  StoreDelivery,
} from "../../../../shared/responses/release-review";
import {
  REJECTION_REASONS,
  REJECTION_REASON_LABELS,
  type RejectionReason,
} from "../../../../shared/song-rejection";
import type { ReleaseRow } from "../release-repository";
import { stepData, type ReleaseStepRow, type ReleaseStoreRow } from "./release-review-repository";

/** The review part of a release, as the artist and the desk read it. */
export function toReleaseReview(
  row: ReleaseRow,
  steps: readonly ReleaseStepRow[],
  stores: readonly ReleaseStoreRow[],
  reviewerName: string | null,
): ReleaseReview {
  const lastRequest = [...steps].reverse().find((step) => step.kind === "changes_requested");
  const openItems =
    row.state === "changes_requested" && lastRequest
      ? (stepData(lastRequest).items ?? []).filter(isChangeItem)
      : [];
  const reason = row.rejectionReason as RejectionReason | null;
  return {
    reviewer: row.reviewerId && reviewerName ? { id: row.reviewerId, name: reviewerName } : null,
    openItems,
    timeline: steps.map((step) => ({
      id: step.id,
      kind: stepData(step).kind,
      at: step.at,
      label: timelineLabel(stepData(step)),
      actorName: step.actorName,
    })),
    stores: toStoreDeliveries(stores),
    rejection:
      row.state === "rejected" &&
      reason &&
      (REJECTION_REASONS as readonly string[]).includes(reason)
        ? { reason, reasonLabel: REJECTION_REASON_LABELS[reason], note: row.rejectionNote }
        : null,
  };
}

function isChangeItem(item: { reason: string; note: string }): item is ChangeRequestItem {
  return (CHANGE_REASONS as readonly string[]).includes(item.reason);
}

/** The stores in the contract's order; [] before approval (no rows yet). */
export function toStoreDeliveries(rows: readonly ReleaseStoreRow[]): StoreDelivery[] {
  const byStore = new Map(rows.map((row) => [row.store, row]));
  return RELEASE_STORES.flatMap((store: ReleaseStore) => {
    const row = byStore.get(store);
    return row
      ? [
          {
            store,
            state: row.state as DeliveryState,
            link: row.link,
            note: row.note,
            updatedAt: row.updatedAt,
          },
        ]
      : [];
  });
}

/** What an agent looked at when requesting changes: compared on the resubmission. */
export interface ReviewSnapshot {
  fields: Record<string, string>;
  tracks: { id: string; fields: Record<string, string> }[];
}

const RELEASE_FIELDS: [keyof ReleaseDetail, string][] = [
  ["title", "Title"],
  ["primaryArtist", "Primary artist"],
  ["featuredArtists", "Featured artists"],
  ["genre", "Genre"],
  ["language", "Language"],
  ["releaseDate", "Release date"],
  ["originalReleaseDate", "Original release date"],
  ["pLine", "℗ line"],
  ["cLine", "© line"],
  ["upc", "UPC"],
  ["artworkFileId", "Artwork"],
];

type Track = ReleaseDetail["tracks"][number];
const TRACK_FIELDS: [keyof Track, string][] = [
  ["title", "title"],
  ["version", "version"],
  ["featuredArtists", "featured artists"],
  ["composer", "composer"],
  ["lyricist", "lyricist"],
  ["instrumental", "instrumental"],
  ["producer", "producer"],
  ["explicit", "explicit"],
  ["isrc", "ISRC"],
  ["lyrics", "lyrics"],
  ["audioFileId", "audio"],
];

const asText = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

export function snapshotOf(detail: ReleaseDetail): ReviewSnapshot {
  return {
    fields: Object.fromEntries(RELEASE_FIELDS.map(([key]) => [key, asText(detail[key])])),
    tracks: detail.tracks.map((track) => ({
      id: track.id,
      fields: Object.fromEntries(TRACK_FIELDS.map(([key]) => [key, asText(track[key])])),
    })),
  };
}

/**
 * What changed since the snapshot, as the review page lists it: "Artwork",
 * "Title", "Track 2 audio", "Track 3 added", "Track 2 removed", "Track order".
 */
export function changedSince(snapshot: ReviewSnapshot, detail: ReleaseDetail): string[] {
  const now = snapshotOf(detail);
  const changes = RELEASE_FIELDS.filter(([key]) => snapshot.fields[key] !== now.fields[key]).map(
    ([, label]) => label,
  );
  const before = new Map(snapshot.tracks.map((track, index) => [track.id, { track, index }]));
  now.tracks.forEach((track, index) => {
    const old = before.get(track.id);
    if (!old) return changes.push(`Track ${index + 1} added`);
    for (const [key, label] of TRACK_FIELDS) {
      if (old.track.fields[key] !== track.fields[key]) changes.push(`Track ${index + 1} ${label}`);
    }
  });
  const kept = new Set(now.tracks.map((track) => track.id));
  snapshot.tracks.forEach((track, index) => {
    if (!kept.has(track.id)) changes.push(`Track ${index + 1} removed`);
  });
  const order = (tracks: { id: string }[]) =>
    tracks
      .map((track) => track.id)
      .filter((id) => kept.has(id) && before.has(id))
      .join();
  if (order(snapshot.tracks) !== order(now.tracks)) changes.push("Track order");
  return changes;
}

export function parseSnapshot(json: string | null): ReviewSnapshot | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as ReviewSnapshot;
  } catch {
    return null;
  }
}
