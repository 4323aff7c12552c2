import type { ChatMessage, SendMessageInput } from "../../../../shared/chat";
import type { RealtimeClient } from "../../../realtime/realtime-client";

/** The server answered and refused: sending it again will not help. */
export class SendRefusedError extends Error {}

/** The server could not store the message now (its database is down): send it again later. */
export class SendDeferredError extends Error {}

/**
 * Sends a chat message over the live link and resolves with the stored copy,
 * or rejects with SendRefusedError carrying the server's reason (or
 * SendDeferredError: try later). Retried until answered, in order; the
 * server stores a repeated id once.
 */
export async function sendOverLink(
  realtime: RealtimeClient,
  input: SendMessageInput,
): Promise<ChatMessage> {
  const ack = await realtime.request("message:send", input);
  if (!ack.ok && ack.retry) throw new SendDeferredError(ack.error);
  if (!ack.ok) throw new SendRefusedError(ack.error);
  return ack.message;
}
