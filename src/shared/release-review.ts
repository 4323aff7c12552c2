/**
 * The words and lists of a release's review (issue 40, decision 099), shared
 * by the server and the web. Without zod, so the artist's timeline and the
 * desk's queue load no schema code.
 */
import { isLinkOnHosts } from "./link-rules";
import { REJECTION_REASON_LABELS } from "./song-rejection";

/** What an agent can ask an artist to fix, in the Request changes dialog's order. */
export const CHANGE_REASONS = [
  "Artwork",
  "Audio",
  "Title or artist names",
  "Credits",
  "Rights or samples",
  "Release date",
  "Other",
] as const;
export type ChangeReason = (typeof CHANGE_REASONS)[number];

/** The stores an approved release is delivered to: one delivery row each. */
export const RELEASE_STORES = [
  "Spotify",
  "Apple Music",
  "YouTube Music",
  "Amazon Music",
  "JioSaavn",
  "Gaana",
  "Wynk Music",
] as const;
export type ReleaseStore = (typeof RELEASE_STORES)[number];

export const DELIVERY_STATES = ["Pending", "Delivered", "Live", "Error"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** The desk queue's views (`?view=`), one per state an agent sees. */
export const DESK_RELEASE_VIEWS = [
  "submitted",
  "in_review",
  "changes_requested",
  "approved",
  "live",
  "rejected",
] as const;
export type DeskReleaseView = (typeof DESK_RELEASE_VIEWS)[number];

/** A release whose release date is fewer days away than this is marked "Due soon". */
export const DUE_SOON_DAYS = 7;

export const DESK_RELEASE_API = "/api/desk/releases";
export const deskReleaseApiPath = (id: string) => `${DESK_RELEASE_API}/${encodeURIComponent(id)}`;
export const songStoresApiPath = (songId: string) =>
  `/api/songs/${encodeURIComponent(songId)}/stores`;

/** Kinds of the timeline's steps, as stored in release_step.kind. */
export const RELEASE_STEP_KINDS = [
  "submitted",
  "resubmitted",
  "review_started",
  "changes_requested",
  "approved",
  "rejected",
  "delivered",
  "store_live",
  "store_error",
  "live",
  "store_not_live",
  "not_live",
] as const;
export type ReleaseStepKind = (typeof RELEASE_STEP_KINDS)[number];

/** What a step carries besides its kind (kept as JSON with the step). */
export interface ReleaseStepData {
  kind: ReleaseStepKind;
  /** changes_requested: the items to fix. */
  items?: { reason: string; note: string }[];
  /** rejected: the song desk's reason code and the agent's note. */
  reason?: string;
  note?: string;
  /** delivered, store_live, store_error, store_not_live: which store. */
  store?: string;
}

/** One step as the timeline writes it ("Changes requested: Artwork — too small"). */
export function timelineLabel(step: ReleaseStepData): string {
  switch (step.kind) {
    case "submitted":
      return "Submitted";
    case "resubmitted":
      return "Resubmitted";
    case "review_started":
      return "Review started";
    case "changes_requested": {
      const items = (step.items ?? []).map((item) => `${item.reason} — ${item.note}`);
      return items.length > 0 ? `Changes requested: ${items.join("; ")}` : "Changes requested";
    }
    case "approved":
      return "Approved";
    case "rejected": {
      const labels: Partial<Record<string, string>> = REJECTION_REASON_LABELS;
      const label = labels[step.reason ?? "other"] ?? step.reason ?? "Other";
      return step.note ? `Rejected: ${label} — ${step.note}` : `Rejected: ${label}`;
    }
    case "delivered":
      return `Delivered to ${step.store ?? "a store"}`;
    case "store_live":
      return `Live on ${step.store ?? "a store"}`;
    case "store_error":
      return step.note
        ? `Error at ${step.store ?? "a store"}: ${step.note}`
        : `Error at ${step.store ?? "a store"}`;
    case "live":
      return "Live";
    case "store_not_live":
      return `No longer live on ${step.store ?? "a store"}: ${step.note ?? ""}`;
    case "not_live":
      return step.note ? `No longer live anywhere: ${step.note}` : "No longer live anywhere";
  }
}

/** Amazon Music's country domains: each is listed, so no look-alike host passes. */
const AMAZON_MUSIC_HOSTS = [
  "com",
  "ca",
  "com.mx",
  "com.br",
  "co.uk",
  "de",
  "fr",
  "it",
  "es",
  "in",
  "co.jp",
  "com.au",
].map((tld) => `music.amazon.${tld}`);

/** A site's own host and its www. twin. */
const withWww = (host: string) => [host, `www.${host}`];

/** The hosts a store's release address may be on (https only), each written out: no look-alike passes. */
export const STORE_HOSTS: Record<ReleaseStore, readonly string[]> = {
  Spotify: ["open.spotify.com"],
  "Apple Music": ["music.apple.com"],
  "YouTube Music": [
    "music.youtube.com",
    "youtube.com",
    "www.youtube.com",
    "m.youtube.com",
    "youtu.be",
  ],
  "Amazon Music": AMAZON_MUSIC_HOSTS,
  JioSaavn: withWww("jiosaavn.com"),
  Gaana: withWww("gaana.com"),
  "Wynk Music": withWww("wynk.in"),
};

/** What a store's address of a release looks like: the refusal shows it. */
export const STORE_LINK_EXAMPLES: Record<ReleaseStore, string> = {
  Spotify: "https://open.spotify.com/album/…",
  "Apple Music": "https://music.apple.com/in/album/…",
  "YouTube Music": "https://music.youtube.com/playlist?list=…",
  "Amazon Music": "https://music.amazon.in/albums/…",
  JioSaavn: "https://www.jiosaavn.com/album/…",
  Gaana: "https://gaana.com/album/…",
  "Wynk Music": "https://wynk.in/music/album/…",
};

/**
 * True when `link` is the store's page of a release: https on the store's
 * own host, no credentials, port, control characters or redirect page
 * (the shared strict rule, link-rules.ts).
 */
export function isStoreLink(store: ReleaseStore, link: string): boolean {
  return isLinkOnHosts(link, STORE_HOSTS[store]);
}

/** Which of a song's "Listen On" links a store's link fills (the spec's three). */
export const STORE_SONG_LINK: Partial<Record<ReleaseStore, "spotify" | "apple" | "youtube">> = {
  Spotify: "spotify",
  "Apple Music": "apple",
  "YouTube Music": "youtube",
};
