import { RELEASE_ARTWORK_PURPOSE, RELEASE_AUDIO_PURPOSE } from "../../../shared/release-constants";
import type { UserDataRemover } from "../../context";
import { deleteFileRows } from "../uploads/stored-files";
import { deleteArtistReleases } from "./release-repository";

/**
 * A deleted artist's releases go with the account (tracks by cascade), and
 * so do the files uploaded for them: their rows here, their bytes after
 * the commit (files.deleted).
 */
export const removeReleaseData: UserDataRemover = async (trx, userId) => {
  await deleteArtistReleases(trx, userId);
  const fileIds = [
    ...(await deleteFileRows(trx, { purpose: RELEASE_ARTWORK_PURPOSE, ownerId: userId })),
    ...(await deleteFileRows(trx, { purpose: RELEASE_AUDIO_PURPOSE, ownerId: userId })),
  ];
  return { fileIds };
};
