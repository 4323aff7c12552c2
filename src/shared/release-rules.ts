/**
 * The rules a release must meet before it is submitted: pure, so the form
 * shows them as the artist types and the server enforces the very same
 * (plus what only the database knows: an ISRC taken elsewhere).
 */
import {
  INSTRUMENTAL_LANGUAGE,
  RELEASE_MAX_TRACKS,
  type ExplicitChoice,
} from "./release-constants";
import { isValidUpc, normalizeIsrc } from "./release-codes";
import { titleCaseSuggestion } from "./release-format";
import { releaseMessages as m } from "./release-messages";
import type { ReleaseIssue } from "./release-schemas";

/** What the rules read: a saved draft, or a ReleaseDetail (whose tracks carry their audio). */
export interface ReleaseRulesInput {
  title: string;
  primaryArtist: string;
  featuredArtists: readonly string[];
  genre: string;
  language: string;
  releaseDate: string;
  originalReleaseDate: string;
  pLine: string;
  cLine: string;
  upc: string;
  artworkFileId: string | null;
  tracks: readonly {
    id: string;
    title: string;
    version: string;
    featuredArtists: readonly string[];
    composer: string;
    lyricist: string;
    instrumental: boolean;
    explicit: ExplicitChoice | "";
    isrc: string;
    audioFileId: string | null;
    /** The checked audio, when known: its warnings become issues. */
    audio?: { warnings: readonly string[] } | null;
  }[];
}

export interface ReleaseRulesOptions {
  /** Today as YYYY-MM-DD (UTC on the server). */
  today: string;
  /** RELEASE_LEAD_DAYS: the release date must be at least this many days after today. */
  leadDays: number;
}

/** Names stores refuse as an artist (compared without case and spaces). */
const GENERIC_ARTISTS = new Set(
  [
    "various artists",
    "various",
    "va",
    "unknown",
    "unknown artist",
    "artist",
    "anonymous",
    "n/a",
    "na",
    "none",
    "test",
    "band",
    "singer",
    "dj",
    "mc",
    "music",
    "orchestra",
    "choir",
    "karaoke",
    "instrumental",
    "official",
    "hits",
    "top hits",
    "lofi",
    "lo-fi",
    "bollywood",
    "workout",
    "yoga",
    "meditation",
    "sleep",
    "baby",
    "christmas",
    "study",
    "relaxing music",
    "white noise",
  ].map((name) => name.replace(/\s+/g, "")),
);

export function isGenericArtistName(name: string): boolean {
  const key = name.trim().toLowerCase().replace(/\s+/g, "");
  return key !== "" && GENERIC_ARTISTS.has(key);
}

/** feat., ft., featuring or prod. as a word of a title. */
const FEATURING = /(^|[^\p{L}])(feat\.|ft\.|featuring|prod\.)/iu;
/** "(Explicit)", "Explicit Version", "[Clean]", "Clean Edit", "- Clean" in a title. */
const EXPLICIT_WORD =
  /(^|[^\p{L}])explicit([^\p{L}]|$)|[([]\s*clean\b|\bclean\s+(version|edit)\b|[-–—]\s*clean\s*$/iu;
const COPYRIGHT_LINE = /^\d{4}\s+\S/u;

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Collects issues in the order of the form. */
class IssueList {
  readonly issues: ReleaseIssue[] = [];

  error(code: string, field: string, message: string): void {
    this.issues.push({ key: `${code}:${field}`, field, severity: "error", message });
  }

  warning(code: string, field: string, message: string, suggestion?: string): void {
    const issue: ReleaseIssue = { key: `${code}:${field}`, field, severity: "warning", message };
    this.issues.push(suggestion === undefined ? issue : { ...issue, suggestion });
  }

  /** A title's word rules: credits, explicit markers, title case. */
  title(title: string, field: string): void {
    if (FEATURING.test(title)) this.error("featuring", field, m.featuringInTitle);
    if (EXPLICIT_WORD.test(title)) this.error("explicit-word", field, m.explicitInTitle);
    const suggestion = titleCaseSuggestion(title);
    if (suggestion) this.warning("title-case", field, m.titleCase(suggestion), suggestion);
  }

  featured(names: readonly string[], field: string): void {
    if (names.some(isGenericArtistName)) this.error("generic-artist", field, m.genericArtist);
  }

  copyright(line: string, field: string, required: string): void {
    if (!line.trim()) this.error("required", field, required);
    else if (!COPYRIGHT_LINE.test(line.trim())) this.error("format", field, m.copyrightLine);
  }
}

/** Every problem of a release, in the order of the form. */
export function releaseIssues(
  draft: ReleaseRulesInput,
  { today, leadDays }: ReleaseRulesOptions,
): ReleaseIssue[] {
  const list = new IssueList();
  if (!draft.title.trim()) list.error("required", "title", m.titleRequired);
  else list.title(draft.title, "title");
  if (!draft.primaryArtist.trim()) list.error("required", "primaryArtist", m.primaryArtistRequired);
  else if (isGenericArtistName(draft.primaryArtist)) {
    list.error("generic-artist", "primaryArtist", m.genericArtist);
  } else if (FEATURING.test(draft.primaryArtist)) {
    list.error("featuring", "primaryArtist", m.featuringInTitle);
  }
  list.featured(draft.featuredArtists, "featuredArtists");
  if (!draft.genre) list.error("required", "genre", m.genreRequired);
  if (!draft.language) list.error("required", "language", m.languageRequired);
  if (!draft.releaseDate) list.error("required", "releaseDate", m.releaseDateRequired);
  else if (draft.releaseDate < addDays(today, leadDays)) {
    list.error("too-soon", "releaseDate", m.releaseDateTooSoon(leadDays));
  }
  if (draft.originalReleaseDate && draft.originalReleaseDate > today) {
    list.error("future", "originalReleaseDate", m.originalDateInFuture);
  }
  list.copyright(draft.pLine, "pLine", m.pLineRequired);
  list.copyright(draft.cLine, "cLine", m.cLineRequired);
  if (draft.upc.trim() && !isValidUpc(draft.upc)) list.error("format", "upc", m.upcFormat);
  if (!draft.artworkFileId) list.error("required", "artwork", m.artworkRequired);
  if (draft.tracks.length === 0) list.error("required", "tracks", m.tracksRequired);
  if (draft.tracks.length > RELEASE_MAX_TRACKS) list.error("too-many", "tracks", m.tooManyTracks);
  trackIssues(list, draft);
  return list.issues;
}

function trackIssues(list: IssueList, draft: ReleaseRulesInput): void {
  const instrumentalRelease = draft.language === INSTRUMENTAL_LANGUAGE;
  const isrcSeen = new Set<string>();
  // Stores refuse one recording under two tracks; the form uploads each its own.
  const audioSeen = new Set<string>();
  for (const track of draft.tracks) {
    const f = (name: string) => `tracks.${track.id}.${name}`;
    if (!track.title.trim()) list.error("required", f("title"), m.trackTitleRequired);
    else list.title(track.title, f("title"));
    if (FEATURING.test(track.version)) list.error("featuring", f("version"), m.featuringInTitle);
    if (EXPLICIT_WORD.test(track.version)) {
      list.error("explicit-word", f("version"), m.explicitInTitle);
    }
    list.featured(track.featuredArtists, f("featuredArtists"));
    if (!track.composer.trim()) list.error("required", f("composer"), m.composerRequired);
    if (!track.lyricist.trim() && !track.instrumental && !instrumentalRelease) {
      list.error("required", f("lyricist"), m.lyricistRequired);
    }
    if (!track.explicit) list.error("required", f("explicit"), m.explicitRequired);
    if (track.isrc.trim()) {
      const isrc = normalizeIsrc(track.isrc);
      if (isrc === null) list.error("format", f("isrc"), m.isrcFormat);
      else if (isrcSeen.has(isrc)) list.error("taken", f("isrc"), m.isrcTaken);
      else isrcSeen.add(isrc);
    }
    if (!track.audioFileId) list.error("required", f("audio"), m.audioRequired);
    else if (audioSeen.has(track.audioFileId)) list.error("taken", f("audio"), m.audioTaken);
    else audioSeen.add(track.audioFileId);
    for (const warning of track.audio?.warnings ?? []) {
      const code = / at the start\./.test(warning) ? "silence-start" : "silence-end";
      list.warning(code, f("audio"), warning);
    }
  }
}

/** Errors block submitting. */
export function blockingIssues(issues: readonly ReleaseIssue[]): ReleaseIssue[] {
  return issues.filter((issue) => issue.severity === "error");
}

/** Warnings not in `acknowledged` (keys) also block submitting. */
export function unacknowledgedWarnings(
  issues: readonly ReleaseIssue[],
  acknowledged: readonly string[],
): ReleaseIssue[] {
  const keys = new Set(acknowledged);
  return issues.filter((issue) => issue.severity === "warning" && !keys.has(issue.key));
}

/** Today in UTC as YYYY-MM-DD (the server's day for the date rules). */
export function utcDay(now: number = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

export { addDays as addDaysToDay };
