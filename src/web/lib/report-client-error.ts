import { CLIENT_ERROR_ENDPOINT, type ClientErrorReport } from "../../shared/client-errors";

/**
 * Sends a failure the person saw (an upload refused, a send that failed for
 * good) to the server log. Best effort: a report that cannot be sent is dropped.
 */
export function reportClientError(report: ClientErrorReport): void {
  void fetch(CLIENT_ERROR_ENDPOINT, {
    method: "POST",
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      ...report,
      message: report.message.slice(0, 500),
      page: location.pathname.slice(0, 200),
    }),
    keepalive: true,
  }).catch(() => undefined);
}
