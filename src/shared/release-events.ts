/** Payload of "release:changed" (to the release's artist): which release to fetch again. */
export interface ReleaseChangedEvent {
  releaseId: string;
}

export const RELEASE_CHANGED_EVENT = "release:changed";

/** Payload of "desk:release-queue" (to every agent): a release moved; queue and review page refetch. */
export interface DeskReleaseQueueEvent {
  releaseId: string;
  state: string;
}

export const DESK_RELEASE_QUEUE_EVENT = "desk:release-queue";
