const number = new Intl.NumberFormat("en-US");

/** A song's view count as words: "1 view", "2 views", "1,024 views" (the counting is the spec's). */
export function viewCount(views: number): string {
  return `${number.format(views)} ${views === 1 ? "view" : "views"}`;
}
