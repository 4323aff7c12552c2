import type { ReleaseDetail, ReleaseDraftInput } from "../../../../shared/release-schemas";
import { apiFetch } from "../../../lib/api-client";
import { releaseUrl } from "./get-release";

/**
 * Saves the whole draft from the version it was edited from. A plain
 * function, not a mutation: the autosave (use-autosave.ts) orders its saves
 * itself and decides what each answer changes on screen.
 */
export function saveRelease(id: string, draft: ReleaseDraftInput): Promise<ReleaseDetail> {
  return apiFetch(releaseUrl(id), { answer: "releaseDetail", method: "PUT", body: draft });
}
