import { dateFormat } from "../../../../shared/intl-formats";
import { formatPaise } from "../../../../shared/money-format";
import { useArtistBalance } from "./api/get-artist-balance";

const day = () => dateFormat(undefined, { dateStyle: "medium" });

/** The artist's wallet as the agent sees it beside the conversation: balance and last credit. */
export function ArtistBalance({ artistId }: { artistId: string }) {
  const balance = useArtistBalance(artistId);
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-600 uppercase dark:text-slate-300">Wallet</h3>
      {balance.isPending ? (
        <p className="text-sm">Loading the balance…</p>
      ) : balance.isError ? (
        <p className="text-sm">Failed to load the artist&apos;s balance.</p>
      ) : (
        <dl className="flex flex-col gap-1 text-sm">
          <div className="flex flex-wrap gap-1.5">
            <dt>Balance:</dt>
            <dd className="font-semibold tabular-nums">{formatPaise(balance.data.balancePaise)}</dd>
          </div>
          <div className="flex flex-wrap gap-1.5">
            <dt>Last credit:</dt>
            <dd className="min-w-0 break-words">
              {balance.data.lastCredit ? (
                <>
                  <span className="font-semibold tabular-nums">
                    {formatPaise(balance.data.lastCredit.amountPaise)}
                  </span>
                  , {balance.data.lastCredit.description},{" "}
                  {day().format(balance.data.lastCredit.at)}
                </>
              ) : (
                "None yet"
              )}
            </dd>
          </div>
        </dl>
      )}
    </div>
  );
}
