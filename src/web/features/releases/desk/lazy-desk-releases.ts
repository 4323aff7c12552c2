/**
 * The review desk's two screens behind this small stub (routes.tsx): the app's
 * entry, which every artist loads too, then lists one chunk for them instead
 * of each screen's own dependencies. Their built pages preload the screens
 * beside the stub (route-chunks.ts), so a direct visit waits for no second trip.
 */
export const queue = () => import("./desk-releases-page");
export const review = () => import("./desk-release-page");
