import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { ReleaseState } from "../../shared/release-constants";
import { addDaysToDay, utcDay } from "../../shared/release-rules";
import {
  rejectReleaseSchema,
  requestChangesSchema,
  storeDeliveriesSchema,
} from "../../shared/release-review-schemas";
import { releaseDraftSchema, type ReleaseDetail } from "../../shared/release-schemas";
import { createdAtParts, type PublicUser } from "../../shared/user";
import { DomainEvents } from "../../server/events/domain-events";
import { ReleaseService } from "../../server/features/releases/release-service";
import { releaseUploadPurposes } from "../../server/features/releases/release-upload-purposes";
import { ReleaseReviewService } from "../../server/features/releases/review/release-review-service";
import { createStoredFile } from "../../server/features/uploads/stored-files";
import type { UploadPurpose } from "../../server/features/uploads/upload-purposes";
import type { CliContext } from "../cli-context";
import { demoArtwork, demoAudio } from "./demo-media";

interface DemoRelease {
  title: string;
  state: ReleaseState;
  tracks: string[];
  genre: string;
  hue: number;
}

/**
 * The demo artist's releases, one in each state the product shows (issue 48):
 * built through the release and review services with real, checked files, as
 * an artist and an agent would, so the pages and the desk's queue show what
 * they show for any release. Idempotent by title.
 */
export const DEMO_RELEASES: readonly DemoRelease[] = [
  {
    title: "Monsoon Letters",
    state: "live",
    tracks: ["Monsoon Letters", "Chai at Midnight"],
    genre: "Indian Pop",
    hue: 200,
  },
  {
    title: "City of Lights",
    state: "approved",
    tracks: ["City of Lights"],
    genre: "Indian Pop",
    hue: 40,
  },
  {
    title: "Paper Boats",
    state: "changes_requested",
    tracks: ["Paper Boats"],
    genre: "Indian Pop",
    hue: 140,
  },
  {
    title: "Desert Bloom",
    state: "in_review",
    tracks: ["Desert Bloom"],
    genre: "Indian Pop",
    hue: 20,
  },
  {
    title: "First Rain",
    state: "submitted",
    tracks: ["First Rain"],
    genre: "Indian Pop",
    hue: 260,
  },
  { title: "Old Radio", state: "rejected", tracks: ["Old Radio"], genre: "Indian Pop", hue: 320 },
  {
    title: "Untitled Sketches",
    state: "draft",
    tracks: ["Sketch One"],
    genre: "Indian Pop",
    hue: 90,
  },
];

export async function seedDemoReleases(
  ctx: CliContext,
  ids: { artistId: string; agentId: string },
): Promise<number> {
  const db = ctx.database.db;
  const existing = new Set(
    (
      await db.selectFrom("release").select("title").where("artistId", "=", ids.artistId).execute()
    ).map((row) => row.title),
  );
  const desk = await demoDesk(ctx, ids);
  let added = 0;
  for (const demo of DEMO_RELEASES) {
    if (existing.has(demo.title)) continue;
    const release = await draftRelease(ctx, desk, demo);
    await takeSteps(desk, demo, release);
    added += 1;
  }
  return added;
}

interface DemoDesk {
  artist: PublicUser;
  agent: PublicUser;
  releases: ReleaseService;
  review: ReleaseReviewService;
  artwork: UploadPurpose;
  audio: UploadPurpose;
}

/** The services an artist and an agent use, with no listener: the demo sends no mail. */
async function demoDesk(
  ctx: CliContext,
  ids: { artistId: string; agentId: string },
): Promise<DemoDesk> {
  const db = ctx.database.db;
  const events = new DomainEvents(silentLog);
  const releases = new ReleaseService({ db, events, leadDays: ctx.config.releaseLeadDays });
  const review = new ReleaseReviewService({
    db,
    events,
    releases,
    codes: { isrcPrefix: ctx.config.isrcPrefix, upcPrefix: ctx.config.upcPrefix },
  });
  const [artwork, audio] = releaseUploadPurposes(db);
  return {
    artist: await publicUserOf(ctx, ids.artistId),
    agent: await publicUserOf(ctx, ids.agentId),
    releases,
    review,
    artwork: artwork!,
    audio: audio!,
  };
}

/** A complete draft: artwork and audio stored and checked as an upload is, every field filled. */
async function draftRelease(
  ctx: CliContext,
  desk: DemoDesk,
  demo: DemoRelease,
): Promise<ReleaseDetail> {
  const { release: created } = await desk.releases.create(desk.artist);
  const checked = async (purpose: UploadPurpose, name: string, bytes: Buffer) => {
    const file = await createStoredFile(ctx.database.db, ctx.storage, {
      purpose: purpose.name,
      ownerId: desk.artist.id,
      scope: created.id,
      name,
      bytes,
    });
    const inspection = await purpose.inspect!(file, ctx.storage);
    if (!inspection.ok) throw new Error(`Demo file ${name} refused: ${inspection.message}`);
    return file.id;
  };
  const artworkFileId = await checked(desk.artwork, "artwork.jpg", await demoArtwork(demo.hue));
  const tracks = [];
  for (const [index, title] of demo.tracks.entries()) {
    const audio = demoAudio(220 + index * 55 + demo.hue);
    tracks.push({
      id: randomUUID(),
      title,
      version: "",
      featuredArtists: [],
      composer: "Demo Artist",
      lyricist: "Demo Artist",
      instrumental: false,
      producer: "Demo Producer",
      explicit: "not_explicit",
      isrc: "",
      lyrics: "",
      audioFileId: await checked(desk.audio, `${title}.wav`, audio),
    });
  }
  const year = new Date().getUTCFullYear();
  const draft = releaseDraftSchema.parse({
    version: created.version,
    title: demo.title,
    primaryArtist: "Demo Artist",
    featuredArtists: [],
    genre: demo.genre,
    language: "Hindi",
    releaseDate: addDaysToDay(utcDay(), ctx.config.releaseLeadDays + 14),
    originalReleaseDate: "",
    pLine: `${year} Demo Artist`,
    cLine: `${year} Demo Artist`,
    upc: "",
    artworkFileId,
    tracks,
  });
  return desk.releases.save(desk.artist, created.id, draft);
}

/** The artist's and the agent's steps up to the demo release's state. */
async function takeSteps(desk: DemoDesk, demo: DemoRelease, draft: ReleaseDetail): Promise<void> {
  const { artist, agent, releases, review } = desk;
  if (demo.state === "draft") return;
  const submitted = await releases.submit(artist, draft.id, {
    version: draft.version,
    acknowledgedWarnings: draft.issues.map((issue) => issue.key),
  });
  if (demo.state === "submitted") return;
  let { version } = await review.startReview(agent, draft.id, submitted.version);
  if (demo.state === "changes_requested") {
    await review.requestChanges(
      agent,
      draft.id,
      requestChangesSchema.parse({ version, items: CHANGES }),
    );
    return;
  }
  if (demo.state === "rejected") {
    await review.reject(agent, draft.id, rejectReleaseSchema.parse({ version, ...REJECTION }));
    return;
  }
  if (demo.state === "in_review") return;
  ({ version } = await review.approve(agent, draft.id, version));
  if (demo.state === "approved") return;
  await review.updateStores(
    agent,
    draft.id,
    storeDeliveriesSchema.parse({ version, deliveries: LIVE_STORES }),
  );
}

const CHANGES = [
  { reason: "Artwork", note: "Please remove the border around the artwork." },
  { reason: "Credits", note: "Add the producer's full name to the credits." },
];
const REJECTION = {
  reason: "rights",
  note: "The sample in the chorus needs a licence we could not confirm.",
};
const LIVE_STORES = [
  { store: "Spotify", state: "Live", link: "https://open.spotify.com/album/demo-monsoon" },
  { store: "JioSaavn", state: "Live", link: "https://www.jiosaavn.com/album/demo-monsoon" },
  { store: "Apple Music", state: "Delivered" },
];

async function publicUserOf(ctx: CliContext, id: string): Promise<PublicUser> {
  const row = await ctx.database.db
    .selectFrom("user")
    .select(["id", "email", "name", "username", "artistName", "admin", "createdAt"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    email: row.email,
    username: row.username || row.name,
    artistName: row.artistName || row.name,
    admin: Boolean(row.admin),
    createdAt: createdAtParts(new Date(row.createdAt)),
    bio: null,
    profilePicture: null,
    spotifyUrl: null,
    appleMusicUrl: null,
    youtubeUrl: null,
  };
}

const noop = () => undefined;
/** The seed's events have no listener; nothing is ever logged through this. */
const silentLog: FastifyBaseLogger = {
  level: "silent",
  fatal: noop,
  error: noop,
  warn: noop,
  info: noop,
  debug: noop,
  trace: noop,
  silent: noop,
  child: () => silentLog,
};
