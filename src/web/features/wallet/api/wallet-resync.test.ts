import { InfiniteQueryObserver, QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { RealtimeClient } from "../../../realtime/realtime-client";
import { mySplitsQuery } from "../../splits/api/splits";
import { earningsQuery } from "./get-earnings";
import { walletTransactionsQuery } from "./get-transactions";
import { walletSummaryQuery } from "./get-wallet";
import { taxSummaryQuery, withdrawalsQuery } from "./withdrawals";
import { sockets } from "../../../realtime/fake-socket-io";

vi.mock("socket.io-client", () => import("../../../realtime/fake-socket-io"));
vi.mock("../../../lib/auth/session", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/auth/session")>()),
  fetchSessionUser: () => Promise.resolve({ id: "artist" }),
}));
// Each wallet address answered with how often it was asked.
const asked = vi.hoisted(() => new Map<string, number>());
vi.mock("../../../lib/api-client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../../lib/api-client")>()),
  apiFetch: (url: string) => {
    asked.set(url, (asked.get(url) ?? 0) + 1);
    return Promise.resolve({ nextCursor: null });
  },
}));

let realtime: RealtimeClient | undefined;
afterEach(() => realtime?.close());

describe("an open wallet", () => {
  it("asks for every figure again when the live link comes up: a wallet:changed sent before it joined is not lost", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observers = [
      new QueryObserver(queryClient, walletSummaryQuery()),
      new InfiniteQueryObserver(queryClient, walletTransactionsQuery()),
      new QueryObserver(queryClient, earningsQuery("last12")),
      new QueryObserver(queryClient, withdrawalsQuery()),
      new QueryObserver(queryClient, taxSummaryQuery()),
      new QueryObserver(queryClient, mySplitsQuery()),
    ];
    const stops = observers.map((o) => o.subscribe(() => undefined));
    await vi.waitFor(() => expect(asked.size).toBe(observers.length));
    expect([...asked.values()]).toEqual(observers.map(() => 1));

    realtime = new RealtimeClient(queryClient);
    realtime.open("artist");
    await vi.waitFor(() => expect(sockets.all.at(-1)?.active).toBe(true));
    sockets.all.at(-1)!.fire("connect");
    await vi.waitFor(() => expect([...asked.values()]).toEqual(observers.map(() => 2)));
    stops.forEach((stop) => stop());
  });
});
