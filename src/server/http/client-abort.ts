import type { IncomingMessage } from "node:http";

/**
 * The client went away while sending its body (a closed tab, a lost
 * network, a cancelled upload). Node reports it as an "aborted" error with
 * code ECONNRESET, which looks like an engine's lost connection: it is the
 * client's doing, logged at debug, never as an outage.
 */
export function isClientAbort(error: unknown, raw: IncomingMessage): boolean {
  const err = error as { code?: unknown; message?: unknown } | null;
  const abortedError = err?.code === "ECONNRESET" && err.message === "aborted";
  return abortedError || (raw.readableAborted && !raw.complete);
}
