import type { DeskView } from "../../../../shared/desk";

/** Query keys of the chat feature, exported so realtime events can update them. */
export const chatKeys = {
  all: ["chat"] as const,
  contacts: (search: string) => ["chat", "contacts", search] as const,
  allContacts: ["chat", "contacts"] as const,
  /** The last answer of opening the conversation with a person, shown at once next time. */
  opened: (peerId: string) => ["chat", "opened", peerId] as const,
  messages: (roomId: string) => ["chat", "messages", roomId] as const,
  allMessages: ["chat", "messages"] as const,
  artistSongs: (artistId: string) => ["chat", "artist-songs", artistId] as const,
  songReference: (songId: string) => ["chat", "song-reference", songId] as const,
};

/**
 * The desk's queries, under the chat's keys so a sign-out clears them with
 * the rest; here, not beside the desk's fetches, so a conversation can read
 * the desk's rows without loading the desk.
 */
export const deskKeys = {
  all: ["chat", "desk"] as const,
  inboxes: ["chat", "desk", "inbox"] as const,
  inbox: (view: DeskView, q: string, awaiting = false) =>
    ["chat", "desk", "inbox", view, q, awaiting] as const,
  room: (roomId: string) => ["chat", "desk", "room", roomId] as const,
  unread: ["chat", "desk", "unread"] as const,
};
