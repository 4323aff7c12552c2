import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { withdrawalPreviewLine } from "../../../shared/withdrawal-messages";
import { withdrawalKeys } from "./api/withdrawals";
import { TDS_UNKNOWN, WithdrawDialog } from "./withdraw-dialog";

const BALANCE = 170_000; // Rs.1,700.00: the amount the dialog opens with
const tds = { amountPaise: BALANCE, tdsPaise: 0, netPaise: BALANCE, tdsRatePercent: 10 };
const LINE = withdrawalPreviewLine(tds);

/**
 * The dialog as it is drawn with the preview in the state given. A failed
 * query is shown as failed (not fetched again for the drawing: retryOnMount).
 */
async function render(seed: (client: QueryClient) => unknown = () => undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retryOnMount: false } } });
  await seed(client);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <WithdrawDialog balancePaise={BALANCE} onClose={() => undefined} />
    </QueryClientProvider>,
  );
}

const confirm = (html: string) => /<button type="submit"[^>]*>Confirm<\/button>/.exec(html)?.[0];
const confirmOff = (html: string) => confirm(html)!.includes('disabled=""');

describe("the Withdraw dialog", () => {
  it("confirms once the TDS line is shown for the amount", async () => {
    const html = await render((client) =>
      client.setQueryData(withdrawalKeys.preview(BALANCE), { ...tds, line: LINE, refusal: null }),
    );
    expect(html).toContain('value="1700.00"');
    expect(html).toContain(`aria-live="polite">${LINE}</p>`);
    expect(confirmOff(html)).toBe(false);
    expect(html).not.toContain('role="alert"');
  });

  it("holds Confirm while the TDS is worked out", async () => {
    const html = await render();
    expect(confirmOff(html)).toBe(true);
    expect(html).toContain('aria-live="polite">Working out the TDS…</p>');
    expect(html).not.toContain(LINE);
  });

  it("says the TDS could not be worked out, offers Try again and holds Confirm when the preview fails", async () => {
    const html = await render((client) =>
      client
        .query({
          queryKey: withdrawalKeys.preview(BALANCE),
          queryFn: () => Promise.reject(new Error("Service unavailable")),
          retry: false,
        })
        .catch(() => undefined),
    );
    expect(confirmOff(html)).toBe(true);
    expect(TDS_UNKNOWN).toBe("The TDS could not be worked out. Please try again.");
    expect(html).toMatch(new RegExp(`role="alert"[^>]*>${TDS_UNKNOWN}</div>`));
    expect(html).toMatch(/<button type="button"[^>]*>Try again<\/button>/);
    expect(html).not.toContain("Working out the TDS…");
  });

  it("holds Confirm with the refusal the amount would meet on the field", async () => {
    const refusal = "You can withdraw up to Rs.1,000.00.";
    const html = await render((client) =>
      client.setQueryData(withdrawalKeys.preview(BALANCE), { ...tds, line: LINE, refusal }),
    );
    expect(html).toContain(refusal);
    expect(confirmOff(html)).toBe(true);
  });
});
