import type { SongStores } from "../../../shared/responses/release-review";
import { StoreDeliveries } from "../../components/store-deliveries";

/**
 * Under "Listen On": the stores the song's release is not live on yet
 * (Delivered, Pending), the same rows as the release page. Nothing when it
 * has no release, or is live everywhere (the links above say so).
 */
export function SongStoreRows({ stores }: { stores: SongStores | undefined }) {
  const waiting = stores?.stores.filter((delivery) => delivery.state !== "Live") ?? [];
  if (waiting.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Not live yet</h3>
      <StoreDeliveries
        stores={waiting}
        caption="Stores the song is not live on yet"
        links={false}
      />
    </div>
  );
}
