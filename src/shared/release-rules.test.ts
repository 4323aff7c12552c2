import { describe, expect, it } from "vitest";
import { gs1CheckDigit, isValidIsrc, isValidUpc, normalizeIsrc } from "./release-codes";
import {
  artistWithFeatured,
  artworkCheckLine,
  audioCheckLine,
  formatDurationMs,
  formatSampleRateKhz,
  releaseType,
  titleCaseSuggestion,
  trackDisplayTitle,
} from "./release-format";
import { releaseMessages as m } from "./release-messages";
import {
  blockingIssues,
  isGenericArtistName,
  releaseIssues,
  unacknowledgedWarnings,
  type ReleaseRulesInput,
} from "./release-rules";
import { releaseDraftSchema } from "./release-schemas";

const TRACK_ID = "3f1c2b9e-7a55-4e6b-9a0e-1c2d3e4f5a6b";
const today = "2026-11-29";
const options = { today, leadDays: 14 };

function complete(overrides: Partial<ReleaseRulesInput> = {}): ReleaseRulesInput {
  return {
    title: "Summer Nights",
    primaryArtist: "Asha Rao",
    featuredArtists: [],
    genre: "Pop",
    language: "Hindi",
    releaseDate: "2026-12-13",
    originalReleaseDate: "",
    pLine: "2026 Asha Rao",
    cLine: "2026 Asha Rao",
    upc: "",
    artworkFileId: "art",
    tracks: [
      {
        id: TRACK_ID,
        title: "Summer Nights",
        version: "",
        featuredArtists: [],
        composer: "Asha Rao",
        lyricist: "Asha Rao",
        instrumental: false,
        explicit: "not_explicit",
        isrc: "",
        audioFileId: "audio",
      },
    ],
    ...overrides,
  };
}

const track = (overrides: Partial<ReleaseRulesInput["tracks"][number]>) => [
  { ...complete().tracks[0]!, ...overrides },
];
const messagesOf = (input: ReleaseRulesInput) =>
  releaseIssues(input, options).map((issue) => `${issue.field}: ${issue.message}`);
const f = (name: string) => `tracks.${TRACK_ID}.${name}`;

describe("release rules", () => {
  it("find nothing wrong with a complete release", () => {
    expect(releaseIssues(complete(), options)).toEqual([]);
  });

  it("name every missing required field", () => {
    const empty = complete({
      title: "",
      primaryArtist: " ",
      genre: "",
      language: "",
      releaseDate: "",
      pLine: "",
      cLine: "",
      artworkFileId: null,
      tracks: track({ title: "", composer: "", lyricist: "", explicit: "", audioFileId: null }),
    });
    expect(messagesOf(empty)).toEqual([
      `title: ${m.titleRequired}`,
      `primaryArtist: ${m.primaryArtistRequired}`,
      `genre: ${m.genreRequired}`,
      `language: ${m.languageRequired}`,
      `releaseDate: ${m.releaseDateRequired}`,
      `pLine: ${m.pLineRequired}`,
      `cLine: ${m.cLineRequired}`,
      `artwork: ${m.artworkRequired}`,
      `${f("title")}: ${m.trackTitleRequired}`,
      `${f("composer")}: ${m.composerRequired}`,
      `${f("lyricist")}: ${m.lyricistRequired}`,
      `${f("explicit")}: ${m.explicitRequired}`,
      `${f("audio")}: ${m.audioRequired}`,
    ]);
    expect(messagesOf(complete({ tracks: [] }))).toEqual([`tracks: ${m.tracksRequired}`]);
  });

  it("need no lyricist for an instrumental track or an instrumental release", () => {
    expect(messagesOf(complete({ tracks: track({ lyricist: "", instrumental: true }) }))).toEqual(
      [],
    );
    expect(
      messagesOf(complete({ language: "Instrumental", tracks: track({ lyricist: "" }) })),
    ).toEqual([]);
  });

  it("want the release date at least the lead days after today", () => {
    expect(messagesOf(complete({ releaseDate: "2026-12-12" }))).toEqual([
      `releaseDate: ${m.releaseDateTooSoon(14)}`,
    ]);
    expect(messagesOf(complete({ releaseDate: "2026-12-13" }))).toEqual([]);
    expect(releaseIssues(complete({ releaseDate: "2026-12-06" }), { today, leadDays: 7 })).toEqual(
      [],
    );
    expect(m.releaseDateTooSoon(14)).toBe("The release date must be at least 14 days from today.");
  });

  it("refuse an original release date in the future", () => {
    expect(messagesOf(complete({ originalReleaseDate: "2026-11-30" }))).toEqual([
      `originalReleaseDate: ${m.originalDateInFuture}`,
    ]);
    expect(messagesOf(complete({ originalReleaseDate: today }))).toEqual([]);
  });

  it("want ℗ and © lines as a year and an owner", () => {
    expect(messagesOf(complete({ pLine: "Asha Rao", cLine: "26 Asha" }))).toEqual([
      `pLine: ${m.copyrightLine}`,
      `cLine: ${m.copyrightLine}`,
    ]);
  });

  it("refuse featuring and producer credits in titles and versions", () => {
    for (const title of [
      "Summer Nights feat. Ravi",
      "Summer (ft. Ravi)",
      "Song Featuring Ravi",
      "Beat prod. Ravi",
    ]) {
      expect(messagesOf(complete({ title })), title).toContain(`title: ${m.featuringInTitle}`);
    }
    expect(messagesOf(complete({ tracks: track({ title: "Night ft. Ravi" }) }))).toEqual([
      `${f("title")}: ${m.featuringInTitle}`,
    ]);
    expect(messagesOf(complete({ tracks: track({ version: "feat. Ravi Mix" }) }))).toEqual([
      `${f("version")}: ${m.featuringInTitle}`,
    ]);
    expect(messagesOf(complete({ title: "A Great Feat" }))).toEqual([]);
  });

  it("refuse explicit and clean markers in titles", () => {
    expect(messagesOf(complete({ tracks: track({ title: "Night Drive (Explicit)" }) }))).toEqual([
      `${f("title")}: ${m.explicitInTitle}`,
    ]);
    expect(messagesOf(complete({ tracks: track({ version: "Clean Version" }) }))).toEqual([
      `${f("version")}: ${m.explicitInTitle}`,
    ]);
    expect(messagesOf(complete({ title: "Clean Slate" }))).toEqual([]);
  });

  it("refuse generic artist names", () => {
    expect(isGenericArtistName("Various Artists")).toBe(true);
    expect(isGenericArtistName("  unknown ARTIST ")).toBe(true);
    expect(isGenericArtistName("Asha Rao")).toBe(false);
    // The issue's examples, each refused.
    for (const name of [
      "Various Artists",
      "Workout",
      "Yoga",
      "Meditation",
      "Sleep",
      "Baby",
      "Christmas",
      "Top Hits",
      "Study",
    ]) {
      expect(isGenericArtistName(name), name).toBe(true);
    }
    expect(
      messagesOf(complete({ primaryArtist: "Various Artists", featuredArtists: ["Unknown"] })),
    ).toEqual([`primaryArtist: ${m.genericArtist}`, `featuredArtists: ${m.genericArtist}`]);
    expect(messagesOf(complete({ tracks: track({ featuredArtists: ["DJ"] }) }))).toEqual([
      `${f("featuredArtists")}: ${m.genericArtist}`,
    ]);
  });

  it("check ISRC shape and repeats within the release", () => {
    expect(messagesOf(complete({ tracks: track({ isrc: "IN-AB-26-0001" }) }))).toEqual([
      `${f("isrc")}: ${m.isrcFormat}`,
    ]);
    expect(messagesOf(complete({ tracks: track({ isrc: "in-abc-26-00001" }) }))).toEqual([]);
    const second = "0b8e1d8c-1111-4a4a-8b8b-222233334444";
    const twice = complete({
      tracks: [
        { ...complete().tracks[0]!, isrc: "INABC2600001" },
        { ...complete().tracks[0]!, id: second, isrc: "IN-ABC-26-00001", audioFileId: "a2" },
      ],
    });
    expect(messagesOf(twice)).toEqual([`tracks.${second}.isrc: ${m.isrcTaken}`]);
  });

  it("refuse one audio file as the master of two tracks", () => {
    const second = "0b8e1d8c-1111-4a4a-8b8b-222233334444";
    const shared = complete({
      tracks: [complete().tracks[0]!, { ...complete().tracks[0]!, id: second }],
    });
    expect(messagesOf(shared)).toEqual([`tracks.${second}.audio: ${m.audioTaken}`]);
  });

  it("check the UPC's GS1 check digit", () => {
    expect(messagesOf(complete({ upc: "036000291452" }))).toEqual([]);
    expect(messagesOf(complete({ upc: "036000291453" }))).toEqual([`upc: ${m.upcFormat}`]);
    expect(messagesOf(complete({ upc: "12345" }))).toEqual([`upc: ${m.upcFormat}`]);
  });

  it("warn about all-caps or all-lower-case titles, with the title-case suggestion", () => {
    const issues = releaseIssues(complete({ title: "SUMMER NIGHTS" }), options);
    expect(issues).toEqual([
      {
        key: "title-case:title",
        field: "title",
        severity: "warning",
        message: 'Stores prefer title case: "Summer Nights".',
        suggestion: "Summer Nights",
      },
    ]);
    expect(blockingIssues(issues)).toEqual([]);
    expect(unacknowledgedWarnings(issues, [])).toHaveLength(1);
    expect(unacknowledgedWarnings(issues, ["title-case:title"])).toEqual([]);
  });

  it("turn an audio file's warnings into acknowledgeable issues", () => {
    const warning = m.silence(12, "end");
    const issues = releaseIssues(
      complete({ tracks: track({ audio: { warnings: [warning, m.silence(11, "start")] } }) }),
      options,
    );
    expect(issues.map((issue) => [issue.key, issue.severity, issue.message])).toEqual([
      [`silence-end:${f("audio")}`, "warning", warning],
      [`silence-start:${f("audio")}`, "warning", m.silence(11, "start")],
    ]);
    expect(warning).toBe(
      "Silence of 12 s at the end. Stores refuse more than 10 s of silence at the start or end.",
    );
  });

  it("count more than 40 tracks as an error", () => {
    const many = Array.from({ length: 41 }, (_, i) => ({
      ...complete().tracks[0]!,
      id: `${TRACK_ID.slice(0, -2)}${String(i).padStart(2, "0")}`,
    }));
    expect(messagesOf(complete({ tracks: many }))).toContain(`tracks: ${m.tooManyTracks}`);
    expect(m.tooManyTracks).toBe("A release can hold at most 40 tracks.");
  });
});

describe("release codes", () => {
  it("read ISRCs with or without hyphens", () => {
    expect(normalizeIsrc("IN-ABC-26-00001")).toBe("INABC2600001");
    expect(normalizeIsrc("inabc2600001")).toBe("INABC2600001");
    expect(isValidIsrc("IN-ABC-26-0001")).toBe(false);
    expect(isValidIsrc("1N-ABC-26-00001")).toBe(false);
  });

  it("compute the GS1 check digit for UPC-A and EAN-13", () => {
    expect(gs1CheckDigit("03600029145")).toBe(2);
    expect(isValidUpc("036000291452")).toBe(true);
    expect(isValidUpc("4006381333931")).toBe(true);
    expect(isValidUpc("4006381333932")).toBe(false);
    expect(isValidUpc("03600029145")).toBe(false);
    expect(isValidUpc("03600029145X")).toBe(false);
  });
});

describe("release formats", () => {
  const min = 60_000;
  it("compute the release type from durations", () => {
    expect(releaseType([])).toBeNull();
    expect(releaseType([{ durationMs: 3 * min }])).toBe("Single");
    expect(releaseType(Array(3).fill({ durationMs: 9 * min }))).toBe("Single");
    expect(releaseType([{ durationMs: 10 * min }])).toBe("Album");
    expect(releaseType(Array(4).fill({ durationMs: 7.5 * min }))).toBe("EP");
    expect(releaseType(Array(6).fill({ durationMs: 5 * min + 1 }))).toBe("Album");
    expect(releaseType(Array(7).fill({ durationMs: min }))).toBe("Album");
    expect(releaseType([{ durationMs: 0 }])).toBe("Single");
  });

  it("write the check lines", () => {
    expect(artworkCheckLine({ width: 3000, height: 3000, format: "JPG" })).toBe(
      "3000 × 3000 px · JPG",
    );
    expect(audioCheckLine({ sampleRate: 44_100, bitDepth: 16, channels: 2, format: "WAV" })).toBe(
      "44.1 kHz · 16-bit · stereo · WAV",
    );
    expect(["44.1", "48", "88.2", "96", "192", "22.05"]).toEqual(
      [44_100, 48_000, 88_200, 96_000, 192_000, 22_050].map(formatSampleRateKhz),
    );
    expect(formatDurationMs(187_400)).toBe("3:07");
    expect(formatDurationMs(3_723_000)).toBe("1:02:03");
  });

  it("suggest title case", () => {
    expect(titleCaseSuggestion("SUMMER NIGHTS")).toBe("Summer Nights");
    expect(titleCaseSuggestion("light of the moon")).toBe("Light of the Moon");
    expect(titleCaseSuggestion("Summer Nights")).toBeNull();
    expect(titleCaseSuggestion("LOVE")).toBeNull();
    expect(titleCaseSuggestion("दिल से")).toBeNull();
  });

  it("write the song a track becomes", () => {
    expect(trackDisplayTitle({ title: "Summer Nights", version: "Acoustic" })).toBe(
      "Summer Nights (Acoustic)",
    );
    expect(trackDisplayTitle({ title: " ", version: "" })).toBe("Untitled track");
    expect(trackDisplayTitle({ title: "", version: "Live" })).toBe("Untitled track (Live)");
    expect(artistWithFeatured("Asha", [])).toBe("Asha");
    expect(artistWithFeatured("Asha", ["A"])).toBe("Asha feat. A");
    expect(artistWithFeatured("Asha", ["A", "B", "C"])).toBe("Asha feat. A, B & C");
  });
});

describe("the draft schema", () => {
  it("accepts an incomplete draft", () => {
    const draft = releaseDraftSchema.parse({ version: 1 });
    expect(draft).toMatchObject({ title: "", tracks: [], artworkFileId: null });
  });

  it("refuses shapes: unknown genre, bad dates, 41 tracks, bad ids", () => {
    const errorOf = (input: unknown) =>
      releaseDraftSchema.safeParse(input).error?.issues[0]?.message;
    expect(errorOf({ version: 1, genre: "Polka" })).toBe(m.unknownGenre);
    expect(errorOf({ version: 1, releaseDate: "2026-02-30" })).toBe(m.invalidDate);
    expect(errorOf({ version: 1, tracks: [{ id: "x" }] })).toBe(m.invalidTrackId);
    const tracks = Array.from({ length: 41 }, () => ({ id: crypto.randomUUID() }));
    expect(errorOf({ version: 1, tracks })).toBe(m.tooManyTracks);
    expect(errorOf({ title: "x" })).toBe(m.versionMissing);
  });

  it("says a version that is there but not a whole number from 1 is wrong, not missing", () => {
    const errorOf = (version: unknown) =>
      releaseDraftSchema.safeParse({ version }).error?.issues[0]?.message;
    for (const version of [0, 1.5, -3, "2", 2 ** 40])
      expect(errorOf(version)).toBe(m.versionInvalid);
    expect(errorOf(null)).toBe(m.versionInvalid);
    expect(errorOf(undefined)).toBe(m.versionMissing);
    expect(errorOf(7)).toBeUndefined();
  });
});
