import { Button } from "../../components/button";

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** The spec's "Load More": shown while more songs exist, disabled while a page loads. */
export function LoadMoreButton({ query }: { query: PagedQuery }) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      className="self-center"
      disabled={query.isFetchingNextPage}
      aria-busy={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      Load More
    </Button>
  );
}
