/** Query keys of the chat feature, exported so realtime events can update them. */
export const chatKeys = {
  all: ["chat"] as const,
  contacts: (search: string) => ["chat", "contacts", search] as const,
  allContacts: ["chat", "contacts"] as const,
  room: (peerId: string) => ["chat", "room", peerId] as const,
  allRooms: ["chat", "room"] as const,
  messages: (roomId: string) => ["chat", "messages", roomId] as const,
  allMessages: ["chat", "messages"] as const,
};
