import { randomUUID } from "node:crypto";
import { z } from "zod";
import { formatLegacyHash } from "../../server/auth/firebase-scrypt-hash";
import { displayName } from "../../shared/user";
import { normalizeLink } from "../../shared/links";
import { AVATAR_UPLOAD_PURPOSE, MAX_PROFILE_IMAGE_BYTES } from "../../shared/profile-schemas";
import { fileUrl } from "../../shared/files";
import type { TableRows, WriteOp } from "./batch-writer";
import {
  authUserSchema,
  dayPartsSchema,
  timestampSchema,
  userDocSchema,
  type AuthUser,
  type UserDoc,
} from "./hosted-export-schemas";
import { importRecordRow, importedRecords, type ImportContext } from "./import-context";
import { skip } from "./import-report";
import { timeProblem, userTextProblem } from "./live-rules";
import { entriesOf, firstIssue, toEpochMs, withoutNul } from "./source-values";
import { lookUpFile, type SourceFile } from "./source-files";

/** Ids kept as they are: no hyphen, since a room id joins two user ids with one. */
const KEEPABLE_ID = /^[A-Za-z0-9_]{1,128}$/;
const emailCheck = z.email();

interface Candidate {
  sourceId: string;
  email: string;
  auth: AuthUser | undefined;
  doc: UserDoc | undefined;
}

function lastSignIn(c: Candidate): number {
  return toEpochMs(c.auth?.lastSignedInAt ?? null) ?? -1;
}

/** The auth records and the user documents, joined by id; bad records reported. */
function candidates(ctx: ImportContext, authUsers: unknown[], docs: [string, unknown][]) {
  const auth = new Map<string, AuthUser>();
  authUsers.forEach((raw, index) => {
    const parsed = authUserSchema.safeParse(raw);
    if (!parsed.success) {
      skip(ctx.report, "users", `auth#${index}`, `bad auth record: ${firstIssue(parsed.error)}`);
    } else auth.set(parsed.data.localId, parsed.data);
  });
  const documents = new Map<string, UserDoc>();
  for (const [id, raw] of docs) {
    const parsed = userDocSchema.safeParse(raw);
    if (!parsed.success) {
      skip(ctx.report, "users", id, `bad user document: ${firstIssue(parsed.error)}`);
    } else documents.set(id, parsed.data);
  }
  const list: Candidate[] = [];
  for (const sourceId of new Set([...auth.keys(), ...documents.keys()])) {
    const a = auth.get(sourceId);
    const d = documents.get(sourceId);
    const raw = (a?.email ?? d?.email ?? "").trim().toLowerCase();
    if (!raw) skip(ctx.report, "users", sourceId, "no email");
    else if (!emailCheck.safeParse(raw).success)
      skip(ctx.report, "users", sourceId, "invalid email");
    else list.push({ sourceId, email: raw, auth: a, doc: d });
  }
  return list;
}

/** One account per email (case-insensitive): the most recently used one is kept. */
function withoutDuplicateEmails(ctx: ImportContext, list: Candidate[]): Candidate[] {
  const byEmail = new Map<string, Candidate[]>();
  for (const c of list) byEmail.set(c.email, [...(byEmail.get(c.email) ?? []), c]);
  const kept: Candidate[] = [];
  for (const group of byEmail.values()) {
    group.sort(
      (a, b) =>
        lastSignIn(b) - lastSignIn(a) ||
        Number(Boolean(b.auth?.passwordHash)) - Number(Boolean(a.auth?.passwordHash)) ||
        a.sourceId.localeCompare(b.sourceId),
    );
    kept.push(group[0]!);
    for (const dup of group.slice(1)) {
      skip(
        ctx.report,
        "users",
        dup.sourceId,
        `duplicate email (${dup.email}, kept user ${group[0]!.sourceId})`,
      );
    }
  }
  return kept;
}

function createdAtOf(c: Candidate, now: number): number {
  const fromAuth = toEpochMs(c.auth?.createdAt ?? null);
  if (fromAuth !== null) return fromAuth;
  const day = dayPartsSchema.safeParse(c.doc?.createdAt);
  if (day.success) return Date.UTC(day.data.year, day.data.month - 1, day.data.day);
  const stamp = timestampSchema.safeParse(c.doc?.createdAt);
  return (stamp.success && stamp.data ? toEpochMs(stamp.data) : null) ?? now;
}

/**
 * Plans every user still to import: the user row, the password (the hosted
 * hash kept under its own prefix), the picture, and the import record.
 */
export async function planUsers(
  ctx: ImportContext,
  authUsers: unknown[],
  docs: Record<string, unknown> | unknown[] | undefined,
): Promise<WriteOp[]> {
  const { db, report } = ctx;
  const before = await importedRecords(db, "users");
  for (const [s, t] of before) ctx.userIds.set(s, t);
  const existing = await db
    .selectFrom("user")
    .select(["id", "email", "artistName", "username"])
    .execute();
  for (const u of existing) ctx.userNames.set(u.id, displayName(u));
  const takenIds = new Set(existing.map((u) => u.id));
  const takenEmails = new Map(existing.map((u) => [u.email.toLowerCase(), u.id]));

  const ops: WriteOp[] = [];
  for (const c of withoutDuplicateEmails(
    ctx,
    candidates(ctx, authUsers, entriesOf(docs, "userId")),
  )) {
    if (before.has(c.sourceId)) {
      report.counts.users.unchanged += 1;
      continue;
    }
    if (takenEmails.has(c.email)) {
      skip(report, "users", c.sourceId, `email already belongs to a portal account (${c.email})`);
      continue;
    }
    let id = c.sourceId;
    if (!KEEPABLE_ID.test(id) || takenIds.has(id)) {
      id = randomUUID().replaceAll("-", "");
      report.mappedIds.push({ kind: "users", sourceId: c.sourceId, targetId: id });
    }
    takenIds.add(id);
    takenEmails.set(c.email, id);
    ctx.userIds.set(c.sourceId, id);
    ops.push(await planUser(ctx, c, id));
  }
  return ops;
}

/**
 * Cleans the hosted values of one user; every change made is described in
 * `cleaned`, for the report.
 */
function cleanerFor(cleaned: string[]) {
  const clean = (field: string, value: string | null | undefined): string | null => {
    if (value === null || value === undefined) return null;
    const result = withoutNul(value);
    if (result.cleaned) cleaned.push(`NUL characters removed from ${field}`);
    return result.value;
  };
  const link = (field: string, value: string | null | undefined): string | null => {
    const text = clean(field, value);
    if (!text) return null;
    const normalized = normalizeLink(text);
    if (normalized === null) {
      cleaned.push(`${field} cleared: not an http, https or mailto link`);
      return null;
    }
    return normalized || null;
  };
  // A name or bio the profile screen would refuse is left out and reported;
  // the account itself is kept, named by the next field that passes.
  const name = (field: string, value: string | null | undefined): string | null => {
    const text = clean(field, value)?.trim();
    if (!text) return null;
    const problem = userTextProblem("name", text);
    if (problem) cleaned.push(`${field} left out: ${problem}`);
    return problem ? null : text;
  };
  return { clean, link, name };
}

/** One user to write, under its portal id: user row, picture, password, import record. */
async function planUser(ctx: ImportContext, c: Candidate, id: string): Promise<WriteOp> {
  const cleaned: string[] = [];
  const { clean, link, name } = cleanerFor(cleaned);
  const username =
    name("username", c.doc?.username) ||
    name("displayName", c.auth?.displayName ?? c.doc?.displayName) ||
    c.email.split("@")[0]!;
  const artistName = name("artistName", c.doc?.artistName) || username;
  const bio = clean("bio", c.doc?.bio);
  const bioProblem = bio?.trim() ? userTextProblem("bio", bio) : null;
  if (bioProblem) cleaned.push(`bio left out: ${bioProblem}`);
  let createdAt = createdAtOf(c, ctx.now);
  const createdProblem = timeProblem(createdAt);
  if (createdProblem) {
    cleaned.push(`createdAt ${createdProblem}: the import time is used`);
    createdAt = ctx.now;
  }
  const { files, profilePicture } = await pictureOf(ctx, c, id, createdAt, cleaned);

  const rows: TableRows = {
    user: [
      {
        id,
        name: username,
        email: c.email,
        emailVerified: ctx.bool(Boolean(c.auth?.emailVerified)),
        image: null,
        createdAt: new Date(createdAt).toISOString(),
        updatedAt: new Date(ctx.now).toISOString(),
        username,
        artistName,
        admin: ctx.bool(c.doc?.admin === true),
        bio: bioProblem ? null : bio,
        profilePicture,
        spotifyUrl: link("spotifyUrl", c.doc?.spotifyUrl),
        appleMusicUrl: link("appleMusicUrl", c.doc?.appleMusicUrl),
        youtubeUrl: link("youtubeUrl", c.doc?.youtubeUrl),
      },
    ],
    stored_file: files.map((f) => f.row),
    import_record: [importRecordRow("users", c.sourceId, id, ctx.now)],
  };
  const account = accountRows(ctx, c, id);
  if (account) rows.account = account;
  ctx.userNames.set(id, displayName({ artistName, username }));
  return { kind: "users", sourceId: c.sourceId, rows, files, cleaned };
}

/** The user's picture, when the export has it and it passes the avatar rules. */
async function pictureOf(
  ctx: ImportContext,
  c: Candidate,
  id: string,
  createdAt: number,
  cleaned: string[],
): Promise<{ files: SourceFile[]; profilePicture: string | null }> {
  const files: SourceFile[] = [];
  let profilePicture: string | null = null;
  const pictureRef = c.doc?.profilePicture || c.doc?.profileUrl;
  if (pictureRef) {
    const found = await lookUpFile(ctx.filesRoot, pictureRef, {
      purpose: AVATAR_UPLOAD_PURPOSE,
      ownerId: id,
      scope: id,
      maxBytes: MAX_PROFILE_IMAGE_BYTES,
      kinds: ["image"],
      createdAt,
    });
    if ("file" in found) {
      files.push(found.file);
      profilePicture = fileUrl(found.file.row.id);
    } else {
      skip(ctx.report, "files", `${c.sourceId}/profilePicture`, found.problem);
      cleaned.push(`profile picture dropped: ${found.problem}`);
    }
  }
  return { files, profilePicture };
}

/** The password account keeping the hosted hash; none (and reported) when there is no usable one. */
function accountRows(ctx: ImportContext, c: Candidate, id: string): TableRows["account"] {
  const password = passwordOf(ctx, c);
  if ("hash" in password) {
    return [
      {
        id: randomUUID().replaceAll("-", ""),
        accountId: id,
        providerId: "credential",
        userId: id,
        password: password.hash,
        createdAt: new Date(ctx.now).toISOString(),
        updatedAt: new Date(ctx.now).toISOString(),
      },
    ];
  }
  ctx.report.usersWithoutPassword.push({
    sourceId: c.sourceId,
    email: c.email,
    reason: password.reason,
  });
  return undefined;
}

function passwordOf(ctx: ImportContext, c: Candidate): { hash: string } | { reason: string } {
  if (!c.auth) return { reason: "no auth record" };
  if (c.auth.disabled) return { reason: "disabled in the hosted service" };
  if (!c.auth.passwordHash || !c.auth.salt) return { reason: "no password hash in the export" };
  return {
    hash: formatLegacyHash({
      params: ctx.hashParams,
      salt: c.auth.salt,
      hash: c.auth.passwordHash,
    }),
  };
}
