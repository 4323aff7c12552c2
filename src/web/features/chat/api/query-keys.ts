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
