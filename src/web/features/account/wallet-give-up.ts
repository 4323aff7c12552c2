import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "../../lib/auth/session";
import { walletSummaryQuery } from "../wallet/api/get-wallet";
import { walletKeys } from "../wallet/api/wallet-keys";

/**
 * An artist's wallet balance, which deleting the account gives up (decision
 * 135), and the artist's word for it. `balancePaise` is undefined while
 * unknown (`failed`: it could not be loaded); agents have none (0). The box
 * is ticked for an amount: a balance that moves afterwards unticks it.
 */
export function useWalletGiveUp() {
  const { data: user } = useSession();
  const client = useQueryClient();
  const wallet = useQuery({ ...walletSummaryQuery(), enabled: user?.admin === false });
  const [agreedPaise, setAgreedPaise] = useState<number | null>(null);
  const balancePaise = user?.admin ? 0 : wallet.data?.balancePaise;
  const agreed = balancePaise !== undefined && agreedPaise === balancePaise;
  return {
    balancePaise,
    failed: !user?.admin && wallet.isError && wallet.data === undefined,
    agreed,
    /** Known, and nothing to give up or given up. */
    ready: balancePaise !== undefined && (balancePaise <= 0 || agreed),
    /** What the request gives up: none at zero or below (a debt goes with the account). */
    giveUpPaise: balancePaise !== undefined && balancePaise > 0 ? balancePaise : undefined,
    agree: (checked: boolean) => setAgreedPaise(checked ? (balancePaise ?? null) : null),
    /** Unticks, and reads the balance again (the server said it moved). */
    refresh: () => {
      setAgreedPaise(null);
      void client.invalidateQueries({ queryKey: walletKeys.summary() });
    },
    untick: () => setAgreedPaise(null),
  };
}
