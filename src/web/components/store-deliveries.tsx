import { ExternalLink } from "lucide-react";
import type { StoreDelivery } from "../../shared/responses/release-review";

const stateTones: Record<string, string> = {
  Pending: "bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
  Delivered: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  Live: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
  Error: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

/** A delivery's state as a small badge ("Delivered"). */
function DeliveryState({ state }: { state: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${stateTones[state] ?? stateTones["Pending"]}`}
    >
      {state}
    </span>
  );
}

/**
 * Where a release stands at each store, as the artist reads it: one row per
 * store (named by the store), its state, and its address once it is live.
 */
export function StoreDeliveries({
  stores,
  caption,
  links = true,
}: {
  stores: readonly StoreDelivery[];
  caption: string;
  /** Without the Link column (rows that are never live have none). */
  links?: boolean;
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="text-slate-600 dark:text-slate-300">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">
            Store
          </th>
          <th scope="col" className="py-1 pr-3 font-medium">
            State
          </th>
          {links && (
            <th scope="col" className="py-1 font-medium">
              Link
            </th>
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
        {stores.map((delivery) => (
          <tr key={delivery.store}>
            <th scope="row" className="py-2 pr-3 font-medium">
              {delivery.store}
            </th>
            <td className="py-2 pr-3">
              <DeliveryState state={delivery.state} />
            </td>
            {links && (
              <td className="py-2">
                {delivery.state === "Live" && delivery.link ? (
                  <a
                    href={delivery.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 font-medium text-indigo-800 underline dark:text-indigo-200"
                  >
                    Open on {delivery.store}
                    <span className="sr-only"> (opens in a new tab)</span>
                    <ExternalLink aria-hidden="true" className="size-4" />
                  </a>
                ) : (
                  <span className="text-slate-600 dark:text-slate-300">Not live yet</span>
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
