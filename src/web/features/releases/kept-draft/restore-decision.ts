import { byCodeUnit } from "../../../../shared/code-unit-order";
import type { ReleaseDetail } from "../../../../shared/release-schemas";
import { draftFromRelease, type DraftFields } from "../release-draft";
import type { KeptDraft } from "./kept-draft-store";

/**
 * What a kept edit becomes when the page comes back:
 * - `nothing`: the server has these very fields (the save landed; its answer was lost);
 * - `restore`: edited from the server's current version: put back and saved again;
 * - `conflict`: the release changed since (another tab, the label): never
 *   applied without the artist's word;
 * - `locked`: the release can no longer be changed (submitted meanwhile).
 */
export type RestoreDecision = "nothing" | "restore" | "conflict" | "locked";

export function restoreDecision(
  kept: Pick<KeptDraft, "draft" | "version" | "sent">,
  release: ReleaseDetail,
  editable: boolean,
): RestoreDecision {
  const server = draftFromRelease(release);
  if (sameDraft(kept.draft, server)) return "nothing";
  if (!editable) return "locked";
  if (kept.version === release.version) return "restore";
  // The save on its way at the reload landed (one version on, with what it sent):
  // the later edits build on it, so they go on top.
  const ownSaveLanded =
    kept.sent !== null && release.version === kept.version + 1 && sameDraft(kept.sent, server);
  return ownSaveLanded ? "restore" : "conflict";
}

/** Equal as the server stores them: it trims text, and key order means nothing. */
export function sameDraft(a: DraftFields, b: DraftFields): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (typeof inner === "string") return inner.trim();
    if (inner && typeof inner === "object" && !Array.isArray(inner)) {
      const entries = Object.entries(inner).sort(([x], [y]) => byCodeUnit(x, y));
      return Object.fromEntries(entries);
    }
    return inner;
  });
}
