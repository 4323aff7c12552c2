import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatIsrc, isValidUpc } from "../../../../shared/release-codes";
import { releaseReviewMessages as m } from "../../../../shared/release-review-messages";
import type { ReleaseDetail } from "../../../../shared/release-schemas";
import type {
  DeskReleaseDetail,
  DeskReleaseList,
  ReleaseWithReview,
  SongStores,
} from "../../../../shared/responses/release-review";
import { createUser, type TestUser } from "../../../test/chat-test-helpers";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { artworkFile, wavFile } from "../../../test/release-fixtures";
import { tusUpload } from "../../../test/tus-upload";
import { RELEASE_STORES } from "../../../../shared/release-review";
import { claimedIsrcs } from "../release-repository";
import { insertPendingStores } from "./release-review-repository";
import { caller, mails, releaseInState, submittedRelease } from "./review-test-helpers";

/**
 * The desk's review of releases through the real app (issue 40): the
 * queue, each step and its 409s, resubmission on the same songs, codes,
 * stores to Live, the artist's timeline and mails. SQLite by default;
 * PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp;
let artist: TestUser;
let other: TestUser;
let agentOne: TestUser;
let agentTwo: TestUser;
let files: { artwork: Buffer; audio: Buffer };
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp({}, undefined, undefined, { UPLOADS_PER_MINUTE: "100000" });
  call = caller(t.app);
  artist = await createUser(t.app, "Asha Rao");
  other = await createUser(t.app, "Ravi Kumar");
  agentOne = await createUser(t.app, "Agent One", true);
  agentTwo = await createUser(t.app, "Agent Two", true);
  files = { artwork: await artworkFile(3000), audio: wavFile() };
}, 60_000);
afterAll(() => t.close());

const desk = (id: string, step = "") => `/api/desk/releases/${id}${step ? `/${step}` : ""}`;

async function deskDetail(id: string, who = agentOne): Promise<DeskReleaseDetail> {
  const response = await call("GET", desk(id), who.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function songsOf(ids: string[]) {
  return t.app.ctx.database.db
    .selectFrom("song_request")
    .selectAll()
    .where("id", "in", ids)
    .orderBy("type")
    .execute();
}

describe("reviewing a release", () => {
  it(
    "goes submitted → in review → changes requested → resubmitted → approved → live",
    { timeout: 120_000 },
    async () => {
      const { detail, draft } = await submittedRelease(t.app, artist, files);
      const songIds = detail.tracks.map((track) => track.songId!);

      // The queue: submitted, found by title, counted.
      const queue = (
        await call("GET", "/api/desk/releases?view=submitted&q=monsoon", agentOne.cookie)
      ).json<DeskReleaseList>();
      expect(queue.rows.map((row) => row.id)).toContain(detail.id);
      expect(queue.counts.submitted).toBeGreaterThanOrEqual(1);
      expect(queue.rows.find((row) => row.id === detail.id)).toMatchObject({
        title: "Monsoon Letters",
        artistName: "Asha Rao",
        trackCount: 2,
        dueSoon: false,
        reviewerName: null,
      });
      const none = await call("GET", "/api/desk/releases?view=submitted&q=zzz", agentOne.cookie);
      expect(none.json<DeskReleaseList>().rows.map((r) => r.id)).not.toContain(detail.id);

      // Start review: the reviewer is named, the songs are in review.
      const started = await call("POST", desk(detail.id, "start-review"), agentOne.cookie, {
        version: detail.version,
      });
      expect(started.statusCode, started.body).toBe(200);
      const inReview = started.json<DeskReleaseDetail>();
      expect(inReview.state).toBe("in_review");
      expect(inReview.review.reviewer?.name).toBe("Agent One");
      expect((await songsOf(songIds)).map((s) => s.status)).toEqual(["in review", "in review"]);
      // The second agent, on the old version, is told who came first.
      const late = await call("POST", desk(detail.id, "start-review"), agentTwo.cookie, {
        version: detail.version,
      });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe("Agent One already started reviewing this release.");

      // Request changes: at least one item, then two.
      const empty = await call("POST", desk(detail.id, "request-changes"), agentOne.cookie, {
        version: inReview.version,
        items: [],
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(m.itemsRequired);
      const items = [
        { reason: "Artwork", note: "The text on the cover is too small to read" },
        { reason: "Audio", note: "Track 2 clips at the chorus" },
      ];
      const requested = await call("POST", desk(detail.id, "request-changes"), agentOne.cookie, {
        version: inReview.version,
        items,
      });
      expect(requested.statusCode, requested.body).toBe(200);
      expect(requested.json()).toMatchObject({ state: "changes_requested" });

      // The artist sees the items and the timeline.
      const mine = (
        await call("GET", `/api/releases/${detail.id}`, artist.cookie)
      ).json<ReleaseWithReview>();
      expect(mine.review.openItems).toEqual(items);
      expect(mine.review.timeline.map((step) => step.label)).toEqual([
        "Submitted",
        "Review started",
        "Changes requested: Artwork — The text on the cover is too small to read; Audio — Track 2 clips at the chorus",
      ]);

      // The artist edits (title, track 2's audio) and resubmits: the same songs.
      const { patch } = await tusUpload(t.app, artist.cookie, files.audio, {
        purpose: "release-audio",
        releaseId: detail.id,
        trackId: draft.tracks![1]!.id,
        filename: "fixed.wav",
        filetype: "audio/wav",
      });
      expect(patch!.statusCode, patch!.body).toBe(200);
      const fixedAudio = patch!.json<{ id: string }>().id;
      const saved = await call("PUT", `/api/releases/${detail.id}`, artist.cookie, {
        ...draft,
        version: mine.version,
        title: "Monsoon Letters II",
        tracks: [
          { ...draft.tracks![0]!, title: "Monsoon Letters II" },
          { ...draft.tracks![1]!, audioFileId: fixedAudio },
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const savedBody = saved.json<ReleaseDetail>();
      // An agent acting on the old version now hears that the artist changed it.
      const stale = await call("POST", desk(detail.id, "reject"), agentTwo.cookie, {
        version: mine.version,
        reason: "artwork",
        note: "",
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(m.artistChanged);
      const resubmitted = await call("POST", `/api/releases/${detail.id}/submit`, artist.cookie, {
        version: savedBody.version,
        acknowledgedWarnings: savedBody.issues.map((issue) => issue.key),
      });
      expect(resubmitted.statusCode, resubmitted.body).toBe(200);
      const again = resubmitted.json<ReleaseDetail>();
      expect(again.tracks.map((track) => track.songId)).toEqual(songIds);
      const songs = await songsOf(songIds);
      expect(songs.map((s) => s.status)).toEqual(["pending", "pending"]);
      expect(songs.map((s) => s.album)).toEqual(["Monsoon Letters II", "Monsoon Letters II"]);
      // Each move is a line of the song's history; the artist's own say who moved it.
      const lines = await t.app.ctx.database.db
        .selectFrom("song_status_event")
        .select(["fromStatus", "toStatus", "agentId", "agentName"])
        .where("songId", "=", songIds[0]!)
        .orderBy("createdAt")
        .execute();
      expect(lines).toEqual([
        { fromStatus: null, toStatus: "pending", agentId: null, agentName: "Asha Rao" },
        {
          fromStatus: "pending",
          toStatus: "in review",
          agentId: agentOne.id,
          agentName: "Agent One",
        },
        { fromStatus: "in review", toStatus: "pending", agentId: null, agentName: "Asha Rao" },
      ]);

      // Changed since last review.
      const review = await deskDetail(detail.id);
      expect(review.changedSinceReview).toEqual(
        expect.arrayContaining(["Title", "Track 1 title", "Track 2 audio"]),
      );
      expect(review.changedSinceReview).not.toContain("Artwork");
      expect(review.review.timeline.at(-1)?.label).toBe("Resubmitted");

      // Review again and approve: ISRCs and a UPC are assigned.
      const restarted = await call("POST", desk(detail.id, "start-review"), agentOne.cookie, {
        version: review.version,
      });
      const approved = await call("POST", desk(detail.id, "approve"), agentOne.cookie, {
        version: restarted.json<DeskReleaseDetail>().version,
      });
      expect(approved.statusCode, approved.body).toBe(200);
      const done = approved.json<DeskReleaseDetail>();
      expect(done.state).toBe("approved");
      const yy = String(new Date().getUTCFullYear() % 100).padStart(2, "0");
      for (const track of done.tracks) expect(track.isrc).toMatch(new RegExp(`^INA1B${yy}\\d{5}$`));
      expect(new Set(done.tracks.map((track) => track.isrc)).size).toBe(2);
      expect(done.upc).toMatch(/^890123456\d{3}$/);
      expect(isValidUpc(done.upc)).toBe(true);
      expect(done.review.stores.map((row) => [row.store, row.state])).toEqual([
        ["Spotify", "Pending"],
        ["Apple Music", "Pending"],
        ["YouTube Music", "Pending"],
        ["Amazon Music", "Pending"],
        ["JioSaavn", "Pending"],
        ["Gaana", "Pending"],
        ["Wynk Music", "Pending"],
      ]);
      // The queue finds it by its UPC and by an ISRC, written either way.
      for (const q of [done.upc, done.tracks[1]!.isrc, formatIsrc(done.tracks[1]!.isrc)]) {
        const found = await call("GET", `/api/desk/releases?view=approved&q=${q}`, agentOne.cookie);
        expect(found.json<DeskReleaseList>().rows.map((row) => row.id)).toEqual([detail.id]);
      }
      // Twice: once stale (who came first), once current (the state says no).
      const twice = await call("POST", desk(detail.id, "approve"), agentTwo.cookie, {
        version: restarted.json<DeskReleaseDetail>().version,
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe("Agent One already approved this release.");
      const current = await call("POST", desk(detail.id, "approve"), agentTwo.cookie, {
        version: done.version,
      });
      expect(current.statusCode).toBe(409);
      expect(current.json().message).toBe(
        "Only a release in review can be approved; this one is Approved.",
      );
      // The artist may not resubmit an approved release.
      const resubmitApproved = await call(
        "POST",
        `/api/releases/${detail.id}/submit`,
        artist.cookie,
        {
          version: done.version,
          acknowledgedWarnings: [],
        },
      );
      expect(resubmitApproved.statusCode).toBe(409);
      expect(resubmitApproved.json().message).toBe(m.cannotResubmit("approved"));

      // Stores: a link must be the store's; Live needs one.
      const badLink = await call("PUT", desk(detail.id, "stores"), agentOne.cookie, {
        version: (await deskDetail(detail.id)).version,
        deliveries: [{ store: "Spotify", state: "Live", link: "https://example.com/a", note: "" }],
      });
      expect(badLink.statusCode).toBe(400);
      expect(badLink.json().message).toBe(m.notStoreLink("Spotify"));
      const noLink = await call("PUT", desk(detail.id, "stores"), agentOne.cookie, {
        version: (await deskDetail(detail.id)).version,
        deliveries: [{ store: "Spotify", state: "Live", link: "", note: "" }],
      });
      expect(noLink.json().message).toBe(m.liveNeedsLink("Spotify"));
      const delivered = await call("PUT", desk(detail.id, "stores"), agentOne.cookie, {
        version: (await deskDetail(detail.id)).version,
        deliveries: [
          { store: "Spotify", state: "Delivered", link: "", note: "" },
          { store: "Gaana", state: "Delivered", link: "", note: "" },
        ],
      });
      expect(delivered.statusCode, delivered.body).toBe(200);
      expect(delivered.json()).toMatchObject({ state: "approved" });
      const songStores = await call("GET", `/api/songs/${songIds[0]}/stores`, artist.cookie);
      expect(songStores.json<SongStores>()).toMatchObject({
        releaseId: detail.id,
        stores: expect.arrayContaining([
          expect.objectContaining({ store: "Spotify", state: "Delivered" }),
        ]),
      });
      expect((await call("GET", `/api/songs/${songIds[0]}/stores`, other.cookie)).statusCode).toBe(
        404,
      );

      // The first Live store: the release is live, the songs released with their links.
      const spotify = "https://open.spotify.com/album/4aawyAB9vmqN3uQ7FjRGTy";
      const apple = "https://music.apple.com/in/album/monsoon-letters/1234567890";
      const live = await call("PUT", desk(detail.id, "stores"), agentOne.cookie, {
        version: (await deskDetail(detail.id)).version,
        deliveries: [
          { store: "Spotify", state: "Live", link: spotify, note: "" },
          { store: "Apple Music", state: "Live", link: apple, note: "" },
        ],
      });
      expect(live.statusCode, live.body).toBe(200);
      expect(live.json()).toMatchObject({ state: "live" });
      const released = await songsOf(songIds);
      expect(released.map((s) => [s.status, s.spotifyUrl, s.appleMusicUrl])).toEqual([
        ["released", spotify, apple],
        ["released", spotify, apple],
      ]);
      const timeline = (
        await call("GET", `/api/releases/${detail.id}`, artist.cookie)
      ).json<ReleaseWithReview>().review.timeline;
      expect(timeline.map((step) => step.label)).toEqual([
        "Submitted",
        "Review started",
        expect.stringMatching(/^Changes requested: Artwork/),
        "Resubmitted",
        "Review started",
        "Approved",
        "Delivered to Spotify",
        "Delivered to Gaana",
        "Live on Spotify",
        "Live on Apple Music",
        "Live",
      ]);
      expect((await deskDetail(detail.id)).changedSinceReview).toEqual([]);

      // One mail per step: changes (items), approved (ISRCs, UPC), live (the link).
      await expect.poll(async () => (await mails(t.app)).length).toBeGreaterThanOrEqual(5);
      const sent = (await mails(t.app)).filter((mail) => mail.subject.includes("Monsoon Letters"));
      const subjects = sent.map((mail) => mail.subject);
      expect(
        subjects.filter((s) => s === m.changesRequestedSubject("Monsoon Letters")),
      ).toHaveLength(1);
      expect(subjects.filter((s) => s === m.approvedSubject("Monsoon Letters II"))).toHaveLength(1);
      expect(subjects.filter((s) => s === m.liveSubject("Monsoon Letters II"))).toHaveLength(1);
      const text = (subject: string) => sent.find((mail) => mail.subject === subject)!.text;
      expect(text(m.changesRequestedSubject("Monsoon Letters"))).toContain(
        "Artwork: The text on the cover is too small to read",
      );
      const approvedText = text(m.approvedSubject("Monsoon Letters II"));
      expect(approvedText).toContain(done.upc);
      expect(approvedText).toContain(`IN-A1B-${yy}-`);
      expect(text(m.liveSubject("Monsoon Letters II"))).toContain(spotify);
    },
  );
});

describe("refused steps", () => {
  it("rejects with the song desk's reason, and refuses what the state does not allow", async () => {
    const id = await releaseInState(t.app, artist.id, "submitted");
    const detail = await deskDetail(id);
    const songIds = detail.tracks.map((track) => track.songId!);
    // Approving a submitted release: 409, and nothing changed.
    const early = await call("POST", desk(id, "approve"), agentOne.cookie, {
      version: detail.version,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      "Only a release in review can be approved; this one is Submitted.",
    );
    const stores = await call("PUT", desk(id, "stores"), agentOne.cookie, {
      version: (await deskDetail(id)).version,
      deliveries: [{ store: "Gaana", state: "Delivered", link: "", note: "" }],
    });
    expect(stores.statusCode).toBe(409);
    const noNote = await call("POST", desk(id, "reject"), agentOne.cookie, {
      version: detail.version,
      reason: "other",
      note: " ",
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toBe(m.rejectNoteRequired);
    // The artist's own ISRC, claimed at submit.
    const db = t.app.ctx.database.db;
    await db
      .updateTable("release_track")
      .set({ isrc: "INA1B2699999", isrcClaim: "INA1B2699999" })
      .where("releaseId", "=", id)
      .where("position", "=", 0)
      .execute();
    const rejected = await call("POST", desk(id, "reject"), agentOne.cookie, {
      version: detail.version,
      reason: "artwork",
      note: "The cover shows a store logo.",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    // A rejected release holds no ISRC: another release of the artist may use it.
    expect(await claimedIsrcs(db, "another-release", ["INA1B2699999"])).toEqual(new Set());
    expect(rejected.json<DeskReleaseDetail>().review.rejection).toEqual({
      reason: "artwork",
      reasonLabel: "Artwork",
      note: "The cover shows a store logo.",
    });
    expect((await songsOf(songIds)).map((s) => s.status)).toEqual(["rejected", "rejected"]);
    const history = await t.app.ctx.database.db
      .selectFrom("song_status_event")
      .select(["reasonCode", "note", "agentName"])
      .where("songId", "in", songIds)
      .execute();
    expect(history).toEqual([
      { reasonCode: "artwork", note: "The cover shows a store logo.", agentName: "Agent One" },
      { reasonCode: "artwork", note: "The cover shows a store logo.", agentName: "Agent One" },
    ]);
    const after = (await deskDetail(id)).version;
    const restart = await call("POST", desk(id, "start-review"), agentOne.cookie, {
      version: after,
    });
    expect(restart.statusCode).toBe(409);
    expect(restart.json().message).toBe(
      "Only a submitted release can be taken into review; this one is Rejected.",
    );
    await expect
      .poll(async () => (await mails(t.app)).map((mail) => mail.subject))
      .toContain(m.rejectedSubject(detail.title));
    const mail = (await mails(t.app)).find((x) => x.subject === m.rejectedSubject(detail.title))!;
    expect(mail.text).toContain("Reason: Artwork");
    expect(mail.text).toContain("The cover shows a store logo.");
  });

  it("applies one of two store saves made on one version, tells the other who saved, and needs an Error's note", async () => {
    const id = await releaseInState(t.app, artist.id, "approved");
    await insertPendingStores(t.app.ctx.database.db, id, RELEASE_STORES);
    const { version } = await deskDetail(id);
    const row = (store: string, state: string, note = "") => ({ store, state, link: "", note });
    // Sent at the same moment: the release's row lock orders them.
    const [one, two] = await Promise.all([
      call("PUT", desk(id, "stores"), agentOne.cookie, {
        version,
        deliveries: [row("Gaana", "Delivered")],
      }),
      call("PUT", desk(id, "stores"), agentTwo.cookie, {
        version,
        deliveries: [row("Gaana", "Error", "Refused by the store"), row("JioSaavn", "Delivered")],
      }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    const [won, lost] = one.statusCode === 200 ? [one, two] : [two, one];
    expect(lost.json().message).toBe(
      m.alreadyUpdatedStores(won === one ? "Agent One" : "Agent Two"),
    );
    const after = await deskDetail(id);
    const stateOf = (store: string) => after.review.stores.find((s) => s.store === store)?.state;
    if (won === one) {
      expect([stateOf("Gaana"), stateOf("JioSaavn")]).toEqual(["Delivered", "Pending"]);
    } else {
      expect([stateOf("Gaana"), stateOf("JioSaavn")]).toEqual(["Error", "Delivered"]);
    }
    expect(after.review.timeline.filter((s) => /Gaana|JioSaavn/.test(s.label))).toHaveLength(
      won === one ? 1 : 2,
    );
    // A stale screen after that: told, nothing applied.
    const stale = await call("PUT", desk(id, "stores"), agentOne.cookie, {
      version,
      deliveries: [row("Wynk Music", "Delivered")],
    });
    expect(stale.statusCode).toBe(409);
    expect((await deskDetail(id)).review.stores.find((s) => s.store === "Wynk Music")?.state).toBe(
      "Pending",
    );
    // An Error row needs its note on the server too.
    const noNote = await call("PUT", desk(id, "stores"), agentOne.cookie, {
      version: after.version,
      deliveries: [row("Gaana", "Error", " ")],
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().message).toBe(m.errorNeedsNote("Gaana"));
  });

  it("hides drafts from the desk, and refuses artists and strangers on every desk route", async () => {
    const draft = (await call("POST", "/api/releases", artist.cookie, {})).json<ReleaseDetail>();
    expect((await call("GET", desk(draft.id), agentOne.cookie)).statusCode).toBe(404);
    const id = await releaseInState(t.app, artist.id, "in_review");
    const routes: [string, string, unknown][] = [
      ["GET", "/api/desk/releases?view=submitted", undefined],
      ["GET", desk(id), undefined],
      ["POST", desk(id, "start-review"), { version: 1 }],
      [
        "POST",
        desk(id, "request-changes"),
        { version: 1, items: [{ reason: "Other", note: "x" }] },
      ],
      ["POST", desk(id, "approve"), { version: 1 }],
      ["POST", desk(id, "reject"), { version: 1, reason: "artwork", note: "" }],
      [
        "PUT",
        desk(id, "stores"),
        { version: 1, deliveries: [{ store: "Gaana", state: "Pending" }] },
      ],
    ];
    for (const [method, url, body] of routes) {
      for (const [who, status] of [
        [artist.cookie, 403],
        [other.cookie, 403],
        ["", 401],
      ] as const) {
        const response = await call(method, url, who, body);
        expect({ method, url, status: response.statusCode }).toEqual({ method, url, status });
      }
    }
    expect((await deskDetail(id)).state).toBe("in_review");
  });
});
