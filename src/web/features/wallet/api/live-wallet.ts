import { useQueryClient } from "@tanstack/react-query";
import { useSocketEvent } from "../../../realtime/realtime-provider";
import { walletKeys } from "./wallet-keys";

/**
 * An open wallet follows a statement credited, reversed or assigned
 * (`wallet:changed`) without a reload: balance, transactions and earnings
 * fetch again.
 */
export function useLiveWallet(): void {
  const queryClient = useQueryClient();
  useSocketEvent("wallet:changed", () => {
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
  });
}
