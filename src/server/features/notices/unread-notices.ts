import type { NoticeDeps } from "./notice-deps";
import type { MailMessage } from "../../mail/mail-message";
import type { MailJobMap, MailJobName } from "../../mail/mail-jobs";
import { displayName } from "../../../shared/user";
import { wantsUnreadNotices } from "./preference-repository";
import type { UnsubscribeTokens } from "./unsubscribe-token";
import type { PendingNotices } from "./pending-notices";
import { findRecipient, lastNoticeSentAt, unreadMessages } from "./unread-repository";

export const UNREAD_NOTICE = "unread-notice" satisfies MailJobName;
/** Messages shown in one mail; the rest are counted. */
const LINES_SHOWN = 10;

type UnreadPayload = MailJobMap[typeof UNREAD_NOTICE];

const keyOf = (p: UnreadPayload) => `unread:${p.roomId}:${p.userId}`;

/**
 * A message was stored: its recipient gets a notice when it is still unread
 * after NOTIFY_UNREAD_AFTER_SECONDS. One pending notice per conversation and
 * person; more messages meanwhile join it.
 */
export function scheduleUnreadNotice(
  ctx: NoticeDeps,
  message: { roomId: string; createdAt: number },
  recipientId: string,
  pending?: PendingNotices,
): Promise<void> | undefined {
  const payload: UnreadPayload = { roomId: message.roomId, userId: recipientId };
  const key = keyOf(payload);
  // Joined to the notice pending here: no write, and no promise on the send's path.
  if (pending?.covers(key, message.createdAt)) return undefined;
  const runAt = message.createdAt + ctx.config.mail.notifyUnreadAfterSeconds * 1000;
  return ctx.mail.schedule(UNREAD_NOTICE, payload, runAt, key).then((scheduled) => {
    if (scheduled) pending?.scheduled(key, runAt);
  });
}

/** When a notice is due: decides whether to send, and what. */
export function createUnreadNoticeComposer(ctx: NoticeDeps, tokens: UnsubscribeTokens) {
  const db = ctx.database.db;
  const { publicUrl } = ctx.config;
  return async (payload: UnreadPayload): Promise<MailMessage | null> => {
    // Gone (deleted account or conversation): nothing to say to anyone.
    const recipient = await findRecipient(db, payload.roomId, payload.userId);
    if (!recipient) return null;
    if (!(await wantsUnreadNotices(db, recipient.id))) return null;
    const readAt = recipient.lastReadAt ?? 0;
    // One mail per conversation until it is read: a notice since the last read mark is enough.
    const sentAt = await lastNoticeSentAt(db, keyOf(payload));
    if (sentAt !== undefined && sentAt > readAt) return null;
    const { rows, total } = await unreadMessages(
      db,
      payload.roomId,
      recipient,
      readAt,
      LINES_SHOWN,
    );
    const last = rows.at(-1);
    if (!last) return null;
    // Artists find the agent they picked under /chat (whoever answered);
    // agents find the conversation in their inbox.
    const conversationUrl = recipient.admin
      ? `${publicUrl}/inbox/${encodeURIComponent(recipient.artistId ?? "")}?room=${encodeURIComponent(payload.roomId)}`
      : `${publicUrl}/chat/${encodeURIComponent(recipient.agentId ?? last.senderId)}`;
    const token = tokens.issue(recipient.id);
    // React Email loads on the first mail, not at start-up (docs/benchmarks.md).
    const { unreadNoticeMail } = await import("../../mail/templates/unread-notice-mail");
    return unreadNoticeMail({
      to: { name: displayName(recipient), address: recipient.email },
      senderName: last.senderName,
      lines: rows.map((r) => ({
        text: r.text,
        file: r.fileType && r.fileName ? { type: r.fileType, name: r.fileName } : null,
      })),
      more: total - rows.length,
      conversationUrl,
      unsubscribeUrl: `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
      oneClickUrl: `${publicUrl}/api/mail/unsubscribe?token=${encodeURIComponent(token)}`,
      settingsUrl: `${publicUrl}/settings`,
      publicUrl,
    });
  };
}
