import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, MessageTable } from "../../../db/schema";
import { FROM_MSG_NUM, TO_MSG_NUM } from "../../../../shared/chat";
import { toChatMessage, type InsertResult, type NewMessage } from ".";
import { POSTGRES_NOW_MS } from "../../../db/database-clock";

/** The batch's marks, written by the same statement (a data-modifying CTE). */
const markStoredSql = (instanceId: string) => sql`, marked as (
      insert into fan_out_pending ("messageId", "instanceId", "markedAt")
      select id, ${instanceId}::text, ${POSTGRES_NOW_MS} from stored
    )`;

/**
 * A whole batch of the message writer in ONE PostgreSQL statement (one round
 * trip instead of one per message): the inputs travel as arrays, `unnest`
 * turns them into rows, and each room's new messages take the room's next
 * seqs in arrival order. Same semantics as insertMessage: the sender's
 * current name, an id already stored answers that row ("existing" for the
 * same sender and room, "conflict" otherwise), an id twice in one batch is
 * stored once. A concurrent writer on another instance that takes the same
 * seq makes the statement fail on the (roomId, seq) index: the writer then
 * replays the batch one by one, and insertMessage retries its seq.
 *
 * With `markFanOut` (this instance's id: the portal runs with Redis), the same statement leaves a
 * fan_out_pending mark for each message it creates (decision 094): no extra
 * round trip, and a message is never stored without its mark.
 */
export async function insertMessageBatch(
  db: Kysely<Database>,
  inputs: readonly NewMessage[],
  markFanOut?: string,
): Promise<InsertResult[]> {
  const column = <T>(pick: (input: NewMessage) => T) => inputs.map(pick);
  const { rows } = await sql<Selectable<MessageTable>>`
    with input as (
      select * from unnest(
        ${column((i) => i.id)}::text[], ${column((i) => i.roomId)}::text[],
        ${column((i) => i.senderId)}::text[], ${column((i) => i.senderName)}::text[],
        ${column((i) => i.text)}::text[], ${column((i) => i.createdAt)}::bigint[],
        ${column((i) => i.file?.fileId ?? null)}::text[],
        ${column((i) => i.file?.fileUrl ?? null)}::text[],
        ${column((i) => i.file?.fileType ?? null)}::text[],
        ${column((i) => i.file?.fileName ?? null)}::text[],
        ${column((i) => i.file?.fileSize ?? null)}::bigint[],
        ${column((i) => i.kind ?? "text")}::text[], ${column((i) => i.songId ?? null)}::text[],
        ${column((i) => i.quoteId ?? null)}::text[]
      ) with ordinality as t(id, "roomId", "senderId", "senderName", text, "createdAt",
        "fileId", "fileUrl", "fileType", "fileName", "fileSize", kind, "songId", "quoteId", ord)
    ),
    fresh as (
      select distinct on (i.id) i.* from input i
      where not exists (select 1 from message m where m.id = i.id)
      order by i.id, i.ord
    ),
    numbered as (
      select f.*, row_number() over (partition by f."roomId" order by f.ord) as rn from fresh f
    ),
    stored as (
    insert into message (id, "roomId", seq, "senderId", "senderName", text, "createdAt", status,
      "fromMsgNum", "toMsgNum", "fileId", "fileUrl", "fileType", "fileName", "fileSize", kind,
      "songId", "quoteId")
    select n.id, n."roomId",
      coalesce((select max(m.seq) from message m where m."roomId" = n."roomId"), 0) + n.rn,
      n."senderId",
      coalesce((select coalesce(nullif(trim(u."artistName"), ''), u.username)
                from "user" u where u.id = n."senderId"), n."senderName"),
      n.text, n."createdAt", 'sent', ${FROM_MSG_NUM}::integer, ${TO_MSG_NUM}::integer,
      n."fileId", n."fileUrl", n."fileType", n."fileName", n."fileSize", n.kind, n."songId",
      n."quoteId"
    from numbered n
    order by n.ord
    on conflict (id) do nothing
    returning *
    )${markFanOut ? markStoredSql(markFanOut) : sql``}
    select * from stored`.execute(db);
  const created = new Map(rows.map((row) => [row.id, row]));
  const missing = inputs.filter((input) => !created.has(input.id)).map((input) => input.id);
  const stored =
    missing.length === 0
      ? new Map<string, Selectable<MessageTable>>()
      : new Map(
          (await db.selectFrom("message").selectAll().where("id", "in", missing).execute()).map(
            (row) => [row.id, row],
          ),
        );
  const answered = new Set<string>();
  return inputs.map((input): InsertResult => {
    const row = created.get(input.id);
    // The first of an id answers "created"; a repeat in the same batch is a retried send.
    if (row && !answered.has(input.id)) {
      answered.add(input.id);
      return { outcome: "created", message: toChatMessage(row) };
    }
    const existing = row ?? stored.get(input.id);
    if (!existing) throw new Error(`Message ${input.id} was neither stored nor found.`);
    const same = existing.roomId === input.roomId && existing.senderId === input.senderId;
    return same
      ? { outcome: "existing", message: toChatMessage(existing) }
      : { outcome: "conflict" };
  });
}
