import { createHash } from "node:crypto";
import {
  CHAT_FILE_MAX_BYTES,
  CHAT_UPLOAD_PURPOSE,
  FROM_MSG_NUM,
  TO_MSG_NUM,
  chatRoomId,
} from "../../shared/chat";
import { fileUrl } from "../../shared/files";
import type { WriteOp } from "./batch-writer";
import {
  messageDocSchema,
  roomDocSchema,
  type MessageDoc,
  type RoomDoc,
} from "./hosted-export-schemas";
import { importRecordRow, importedRecords, type ImportContext } from "./import-context";
import { skip } from "./import-report";
import { lookUpFile } from "./source-files";
import { messageTextProblem, timeProblem } from "./live-rules";
import { entriesOf, firstIssue, toEpochMs, withoutNul } from "./source-values";

/** A stable UUID for a source message, so its portal id never depends on the run. */
function messageId(sourceId: string): string {
  const h = createHash("sha256").update(`message\n${sourceId}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const wholeOr = (value: number | null | undefined, fallback: number) =>
  Number.isSafeInteger(value) ? value! : fallback;

interface SourceMessage {
  sourceId: string;
  doc: MessageDoc;
  createdAt: number;
}

/**
 * Rooms with their two people and read marks, then their messages in
 * createdAt order. seq continues after what the room already holds, so a
 * resumed run numbers the rest exactly as an uninterrupted one would.
 */
export async function planChat(
  ctx: ImportContext,
  rooms: Record<string, unknown> | unknown[] | undefined,
): Promise<{ roomOps: WriteOp[]; messageOps: WriteOp[] }> {
  const { db, report } = ctx;
  const roomsBefore = await importedRecords(db, "rooms");
  const messagesBefore = await importedRecords(db, "messages");
  const lastSeq = new Map(
    (
      await db
        .selectFrom("message")
        .select((eb) => ["roomId", eb.fn.max("seq").as("seq")])
        .groupBy("roomId")
        .execute()
    ).map((r) => [r.roomId, r.seq]),
  );
  const roomOps: WriteOp[] = [];
  const messageOps: WriteOp[] = [];
  const plannedRooms = new Map<string, string>();

  for (const [roomSourceId, raw] of entriesOf(rooms, "roomId")) {
    const accepted = acceptedRoom(ctx, roomSourceId, raw);
    if (!accepted) continue;
    const { room, people } = accepted;
    const members = people.map((p) => ctx.userIds.get(p)!);
    const roomId = chatRoomId(members[0]!, members[1]!);
    const sourceMessages = messagesOf(ctx, roomSourceId, room, people);

    if (roomsBefore.has(roomSourceId)) {
      report.counts.rooms.unchanged += 1;
    } else if (plannedRooms.has(roomId)) {
      skip(
        report,
        "rooms",
        roomSourceId,
        `same two people as room ${plannedRooms.get(roomId)!} (messages merged into it)`,
      );
    } else {
      plannedRooms.set(roomId, roomSourceId);
      const createdAt =
        toEpochMs(room.createdAt ?? null) ?? sourceMessages[0]?.createdAt ?? ctx.now;
      roomOps.push(roomOp(ctx, roomSourceId, { room, people, roomId, createdAt }));
    }

    let seq = lastSeq.get(roomId) ?? 0;
    for (const m of sourceMessages) {
      if (messagesBefore.has(m.sourceId)) {
        report.counts.messages.unchanged += 1;
        continue;
      }
      const op = await planMessage(ctx, roomId, m, seq + 1);
      if (op) {
        seq += 1;
        messageOps.push(op);
      }
    }
    lastSeq.set(roomId, seq);
  }
  return { roomOps, messageOps };
}

/**
 * The room document when it can be imported: well formed, two people, both
 * imported. Otherwise undefined, with the room (and its messages) reported.
 */
function acceptedRoom(
  ctx: ImportContext,
  roomSourceId: string,
  raw: unknown,
): { room: RoomDoc; people: string[] } | undefined {
  const { report } = ctx;
  const parsed = roomDocSchema.safeParse(raw);
  if (!parsed.success) {
    skip(report, "rooms", roomSourceId, `bad room document: ${firstIssue(parsed.error)}`);
    return undefined;
  }
  const room = parsed.data;
  const people = [...new Set(room.participants)];
  if (people.length !== 2) {
    skip(report, "rooms", roomSourceId, "a room needs exactly two participants");
    return undefined;
  }
  const missing = people.filter((p) => !ctx.userIds.has(p));
  if (missing.length > 0) {
    const reason = `participant not imported (${missing.join(", ")})`;
    skip(report, "rooms", roomSourceId, reason);
    const collection = room.messages ?? room.__collections__?.messages;
    for (const [id] of entriesOf(collection, "id")) {
      skip(report, "messages", `${roomSourceId}/${id}`, `room not imported: ${reason}`);
    }
    return undefined;
  }
  return { room, people };
}

/** The room row, its two members with their read marks, and its import record. */
function roomOp(
  ctx: ImportContext,
  roomSourceId: string,
  {
    room,
    people,
    roomId,
    createdAt,
  }: { room: RoomDoc; people: string[]; roomId: string; createdAt: number },
): WriteOp {
  return {
    kind: "rooms",
    sourceId: roomSourceId,
    files: [],
    cleaned: [],
    rows: {
      room: [{ id: roomId, createdAt }],
      room_member: people.map((p) => ({
        roomId,
        userId: ctx.userIds.get(p)!,
        lastReadAt: toEpochMs(room.lastRead?.[p] ?? null),
      })),
      import_record: [importRecordRow("rooms", roomSourceId, roomId, ctx.now)],
    },
  };
}

/** The room's messages that can be imported, oldest first; the rest reported. */
function messagesOf(
  ctx: ImportContext,
  roomSourceId: string,
  room: RoomDoc,
  people: string[],
): SourceMessage[] {
  const list: SourceMessage[] = [];
  const collection = room.messages ?? room.__collections__?.messages;
  for (const [messageSourceId, raw] of entriesOf(collection, "id")) {
    const sourceId = `${roomSourceId}/${messageSourceId}`;
    const parsed = messageDocSchema.safeParse(raw);
    if (!parsed.success) {
      skip(ctx.report, "messages", sourceId, `bad message: ${firstIssue(parsed.error)}`);
      continue;
    }
    const createdAt = toEpochMs(parsed.data.createdAt);
    if (createdAt === null) {
      skip(ctx.report, "messages", sourceId, "createdAt is not a time");
      continue;
    }
    const badTime = timeProblem(createdAt);
    if (badTime) {
      skip(ctx.report, "messages", sourceId, `refused: createdAt ${badTime}`);
      continue;
    }
    const badText = messageTextProblem(parsed.data.text ?? "");
    if (badText) {
      skip(ctx.report, "messages", sourceId, `refused: ${badText}`);
      continue;
    }
    const sender = parsed.data.userId ?? parsed.data.senderId ?? "";
    if (!people.includes(sender)) {
      skip(ctx.report, "messages", sourceId, `sender is not in the room (${sender || "none"})`);
      continue;
    }
    list.push({ sourceId, doc: parsed.data, createdAt });
  }
  return list.sort((a, b) => a.createdAt - b.createdAt || (a.sourceId < b.sourceId ? -1 : 1));
}

async function planMessage(
  ctx: ImportContext,
  roomId: string,
  m: SourceMessage,
  seq: number,
): Promise<WriteOp | null> {
  const senderId = ctx.userIds.get(m.doc.userId ?? m.doc.senderId ?? "")!;
  const cleaned: string[] = [];
  const text = withoutNul(m.doc.text ?? "");
  if (text.cleaned) cleaned.push("NUL characters removed from text");
  const name = withoutNul(m.doc.senderName ?? "");
  const id = messageId(m.sourceId);

  let file = null;
  const files = [];
  const reference = m.doc.fileUrl || m.doc.mediaUrl;
  if (reference) {
    const found = await lookUpFile(ctx.filesRoot, reference, {
      purpose: CHAT_UPLOAD_PURPOSE,
      ownerId: senderId,
      scope: roomId,
      maxBytes: CHAT_FILE_MAX_BYTES,
      kinds: ["image", "audio"],
      name: m.doc.fileName,
      createdAt: m.createdAt,
    });
    if ("file" in found) {
      files.push(found.file);
      const row = found.file.row;
      file = {
        fileId: row.id,
        fileUrl: fileUrl(row.id),
        fileType: row.kind,
        fileName: row.name,
        fileSize: row.size,
      };
    } else {
      skip(ctx.report, "files", `${m.sourceId}/file`, found.problem);
      if (!text.value.trim()) {
        skip(ctx.report, "messages", m.sourceId, `attachment ${found.problem}, and no text`);
        return null;
      }
      cleaned.push(`attachment dropped: ${found.problem}`);
    }
  }
  return {
    kind: "messages",
    sourceId: m.sourceId,
    files,
    cleaned,
    rows: {
      stored_file: files.map((f) => f.row),
      message: [
        {
          id,
          roomId,
          seq,
          senderId,
          senderName: name.value.trim() || ctx.userNames.get(senderId) || "",
          text: text.value,
          createdAt: m.createdAt,
          // Whatever the export says, a stored message was sent.
          status: "sent",
          fromMsgNum: wholeOr(m.doc.from_msg_num, FROM_MSG_NUM),
          toMsgNum: wholeOr(m.doc.to_msg_num, TO_MSG_NUM),
          fileId: file?.fileId ?? null,
          fileUrl: file?.fileUrl ?? null,
          fileType: file?.fileType ?? null,
          fileName: file?.fileName ?? null,
          fileSize: file?.fileSize ?? null,
        },
      ],
      import_record: [importRecordRow("messages", m.sourceId, id, ctx.now)],
    },
  };
}
