/**
 * The words and lists of a release's review (issue 40, decision 099), shared
 * by the server and the web. Without zod, so the artist's timeline and the
 * desk's queue load no schema code.
 */
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
  /** delivered, store_live, store_error: which store. */
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

/** The hosts a store's release address may be on (https only): each host or a subdomain of it. */
export const STORE_HOSTS: Record<ReleaseStore, readonly string[]> = {
  Spotify: ["open.spotify.com"],
  "Apple Music": ["music.apple.com"],
  "YouTube Music": ["music.youtube.com", "youtube.com", "www.youtube.com", "youtu.be"],
  "Amazon Music": AMAZON_MUSIC_HOSTS,
  JioSaavn: ["jiosaavn.com"],
  Gaana: ["gaana.com"],
  "Wynk Music": ["wynk.in"],
};

/** True when `link` is an https address on the store's host. */
export function isStoreLink(store: ReleaseStore, link: string): boolean {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return false;
  }
  if (url.protocol !== "https:") return false;
  const host = url.hostname.toLowerCase();
  return STORE_HOSTS[store].some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** Which of a song's "Listen On" links a store's link fills (the spec's three). */
export const STORE_SONG_LINK: Partial<Record<ReleaseStore, "spotify" | "apple" | "youtube">> = {
  Spotify: "spotify",
  "Apple Music": "apple",
  "YouTube Music": "youtube",
};
