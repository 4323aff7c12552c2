import { numberFormat } from "./intl-formats";

/** A song's view count as words: "1 view", "2 views", "1,024 views" (the counting is the spec's). */
export function viewCount(views: number): string {
  return `${numberFormat("en-US").format(views)} ${views === 1 ? "view" : "views"}`;
}
