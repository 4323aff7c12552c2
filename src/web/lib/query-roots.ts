/**
 * The first part of a feature's query keys, where another feature must
 * refresh its views (features never import each other): a submitted release
 * puts its tracks in "Your Songs", so the releases feature refreshes the
 * artist's songs under this root.
 */
export const SONGS_QUERY_ROOT = ["songs"] as const;
/** The signed-in artist's own songs (list, counts, notices): songKeys.mine(). */
export const MY_SONGS_QUERY_ROOT = [...SONGS_QUERY_ROOT, "mine"] as const;
