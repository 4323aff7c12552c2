import type { FastifyInstance } from "fastify";
import type { FileKind } from "../../../shared/files";
import type { PublicUser } from "../../../shared/user";
import type { StoredFile } from "./stored-files";

/**
 * What an upload is for (chat attachment, profile picture, song cover) and
 * the rules that go with it. Features register theirs at start-up.
 */
export interface UploadPurpose {
  name: string;
  maxBytes: number;
  kinds: readonly FileKind[];
  /**
   * May this user start this upload? Throw HttpError (400/403) when not.
   * The returned scope is stored with the file (a room id, an artist id...).
   */
  authorize(user: PublicUser, metadata: Record<string, string>): Promise<{ scope: string | null }>;
  /** May this user read this finished file? */
  canRead(user: PublicUser, file: StoredFile): Promise<boolean>;
}

const registries = new WeakMap<FastifyInstance, Map<string, UploadPurpose>>();

export function uploadPurposes(app: FastifyInstance): Map<string, UploadPurpose> {
  let registry = registries.get(app);
  if (!registry) {
    registry = new Map();
    registries.set(app, registry);
  }
  return registry;
}

export function registerUploadPurpose(app: FastifyInstance, purpose: UploadPurpose): void {
  const registry = uploadPurposes(app);
  if (registry.has(purpose.name))
    throw new Error(`upload purpose ${purpose.name} registered twice`);
  registry.set(purpose.name, purpose);
}
