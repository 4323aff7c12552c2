/** Payload of "release:changed" (to the release's artist): which release to fetch again. */
export interface ReleaseChangedEvent {
  releaseId: string;
}

export const RELEASE_CHANGED_EVENT = "release:changed";
