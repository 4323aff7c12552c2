import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client";
import { walletKeys, walletUrl } from "./wallet-keys";

/** GET /api/wallet: the artist's available balance. */
export function useWalletSummary() {
  return useQuery({
    queryKey: walletKeys.summary(),
    queryFn: ({ signal }) => apiFetch(walletUrl, { answer: "walletSummary", signal }),
  });
}
