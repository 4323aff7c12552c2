import type { StoreDelivery } from "../../../../shared/responses/release-review";
import { StoreDeliveries } from "../../../components/store-deliveries";

/** An approved release at each store: delivered, live (with its address) or still pending. */
export function ReleaseStores({ stores }: { stores: readonly StoreDelivery[] }) {
  return (
    <section
      aria-labelledby="release-stores-heading"
      className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="release-stores-heading" className="text-lg font-semibold">
        Stores
      </h2>
      <StoreDeliveries stores={stores} caption="The release at each store" />
    </section>
  );
}
