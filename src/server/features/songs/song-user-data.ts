import { COVER_UPLOAD_PURPOSE } from "../../../shared/song-schemas";
import type { UserDataRemover } from "../../context";
import { deleteFileRows } from "../uploads/stored-files";
import { deleteArtistSongs } from "./song-repository";

/** A deleted artist's song requests go with the account, and so do their covers. */
export const removeSongData: UserDataRemover = async (trx, userId) => {
  await deleteArtistSongs(trx, userId);
  const fileIds = await deleteFileRows(trx, { purpose: COVER_UPLOAD_PURPOSE, scope: userId });
  return { fileIds };
};
