import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { ChatContact } from "../../../../shared/chat";
import type { DeskConversation, DeskInbox } from "../../../../shared/desk";
import { chatKeys, deskKeys } from "../api/query-keys";
import { listedQuietRoom } from "./use-listed-room";

const lastMessage = { text: "Hi", fileType: null, createdAt: 1, senderId: "artist" };

function contact(over: Partial<ChatContact>): ChatContact {
  return {
    userId: "agent",
    name: "Alex (Support)",
    email: "alex@example.test",
    picture: null,
    roomId: "agent-artist",
    lastMessage,
    unread: 0,
    ...over,
  };
}

function row(over: Partial<DeskConversation>): DeskConversation {
  return {
    roomId: "agent-artist",
    artist: { id: "artist", name: "Artist", email: "a@example.test", picture: null },
    assignee: null,
    status: "open",
    lastMessage,
    waitingSince: null,
    activityAt: 1,
    unread: 0,
    mentioned: false,
    ...over,
  };
}

function artistLists(...lists: ChatContact[][]) {
  const client = new QueryClient();
  lists.forEach((list, i) => client.setQueryData(chatKeys.contacts(i ? `q${i}` : ""), list));
  return client;
}

function deskViews(...views: DeskConversation[][]) {
  const client = new QueryClient();
  views.forEach((conversations, i) => {
    const inbox: DeskInbox = {
      view: i ? "team" : "mine",
      awaiting: false,
      conversations,
      counts: { mine: 0, team: 0, resolved: 0 },
      awaitingCounts: { mine: 0, team: 0 },
    };
    client.setQueryData(deskKeys.inbox(inbox.view, ""), inbox);
  });
  return client;
}

describe("the room a conversation's list names before the opening answers", () => {
  it("is the artist's room with the agent when nothing in it is unread", () => {
    expect(listedQuietRoom(artistLists([contact({})]), false, "agent", undefined)).toBe(
      "agent-artist",
    );
  });

  it("is none while the list has not answered, or names nobody by that id", () => {
    expect(listedQuietRoom(new QueryClient(), false, "agent", undefined)).toBeUndefined();
    expect(listedQuietRoom(artistLists([contact({})]), false, "other", undefined)).toBeUndefined();
  });

  it("is none when something is unread (the opening places the divider) or no message was ever sent (no room yet)", () => {
    expect(
      listedQuietRoom(artistLists([contact({ unread: 2 })]), false, "agent", undefined),
    ).toBeUndefined();
    expect(
      listedQuietRoom(artistLists([contact({ lastMessage: null })]), false, "agent", undefined),
    ).toBeUndefined();
    // One list answered before the read, one after: still unread somewhere, so wait.
    expect(
      listedQuietRoom(
        artistLists([contact({})], [contact({ unread: 1 })]),
        false,
        "agent",
        undefined,
      ),
    ).toBeUndefined();
  });

  it("is an agent's desk row for the artist, the one the address names if it names one", () => {
    const client = deskViews([row({})], [row({}), row({ roomId: "other-artist" })]);
    // Two rooms of the artist on the desk: which one opens is the server's choice.
    expect(listedQuietRoom(client, true, "artist", undefined)).toBeUndefined();
    expect(listedQuietRoom(client, true, "artist", "other-artist")).toBe("other-artist");
    expect(listedQuietRoom(deskViews([row({})]), true, "artist", undefined)).toBe("agent-artist");
    expect(
      listedQuietRoom(deskViews([row({ unread: 1 })]), true, "artist", undefined),
    ).toBeUndefined();
  });

  it("reads the list of the viewer's side only", () => {
    expect(listedQuietRoom(artistLists([contact({})]), true, "agent", undefined)).toBeUndefined();
    expect(listedQuietRoom(deskViews([row({})]), false, "artist", undefined)).toBeUndefined();
  });
});
