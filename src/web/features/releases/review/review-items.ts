import type { ReleaseIssue } from "../../../../shared/release-schemas";
import type { ChangeRequestItem } from "../../../../shared/responses/release-review";

/**
 * The form fields an item to fix is about, named as issues name them:
 * Artwork → the artwork, Audio → every track's audio, Title or artist names
 * → the title and primary artist, Credits → every track's credits (its
 * Composer field leads them), Release date → the date. Rights or samples and
 * Other belong to no one field: they are listed at the top only.
 */
export function reviewItemFields(item: ChangeRequestItem, trackIds: readonly string[]): string[] {
  switch (item.reason) {
    case "Artwork":
      return ["artwork"];
    case "Audio":
      return trackIds.map((id) => `tracks.${id}.audio`);
    case "Title or artist names":
      return ["title", "primaryArtist"];
    case "Credits":
      return trackIds.map((id) => `tracks.${id}.composer`);
    case "Release date":
      return ["releaseDate"];
    case "Rights or samples":
    case "Other":
      return [];
  }
}

/** How an item reads beside its field (and in the top list): "To fix (Artwork): …". */
export function reviewItemText(item: ChangeRequestItem): string {
  return `To fix (${item.reason}): ${item.note}`;
}

/**
 * The items to fix as notes beside their fields: issues of their own
 * (`review:` keys), shown with the field's warnings, never part of the
 * checks the submit panel counts.
 */
export function reviewItemNotes(
  items: readonly ChangeRequestItem[],
  trackIds: readonly string[],
): ReleaseIssue[] {
  return items.flatMap((item, index) =>
    reviewItemFields(item, trackIds).map((field) => ({
      key: `review:${index}:${field}`,
      field,
      severity: "warning" as const,
      message: reviewItemText(item),
    })),
  );
}
