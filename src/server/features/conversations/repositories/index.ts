/**
 * The chat's queries, one file per job: message rows (mapping a stored row to
 * what the client reads), rooms and their members, messages, and contact lists.
 * Re-exported here so callers keep one import path.
 */
export { attachSongCards, toChatMessage } from "./message-rows";
export {
  deleteRoomsOfUser,
  ensureRoom,
  ensureRoomIn,
  fillRoomParties,
  findArtistRoom,
  findMembership,
  findRoomParties,
  markAgentRead,
  markRead,
  peersOf,
  roomMemberIds,
} from "./room-repository";
export {
  findMessageKind,
  findOwnMessage,
  insertMessage,
  isUniqueViolation,
  listMessages,
  type InsertResult,
  type NewMessage,
} from "./message-repository";
export {
  likePattern,
  listAgentsForUser,
  listInboxForAgent,
  personMatches,
} from "./contact-repository";
