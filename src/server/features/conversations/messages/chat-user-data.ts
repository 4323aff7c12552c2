import { CHAT_UPLOAD_PURPOSE } from "../../../../shared/chat";
import type { UserDataRemover } from "../../../context";
import { deleteFileRows } from "../../uploads/stored-files";
import { deleteRoomsOfUser } from "../repositories";

/** A deleted user's conversations go, with both people's files in them. */
export const removeChatData: UserDataRemover = async (trx, userId) => {
  const roomIds = await deleteRoomsOfUser(trx, userId);
  const fileIds: string[] = [];
  for (const scope of roomIds) {
    fileIds.push(...(await deleteFileRows(trx, { purpose: CHAT_UPLOAD_PURPOSE, scope })));
  }
  return { fileIds };
};
