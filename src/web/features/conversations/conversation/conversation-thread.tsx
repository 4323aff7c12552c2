import type { OpenedRoom } from "../../../../shared/chat";
import type { PublicUser } from "../../../../shared/user";
import { Spinner } from "../../../components/spinner";
import type { useMessages, useOlderMessages } from "../api/get-messages";
import type { useSendMessage } from "../api/send-message";
import { ConversationOffline } from "../components/conversation-offline";
import { MessageList } from "../components/message-list";
import { MessageToolsContext, type MessageTools } from "../tools/message-tools-context";
import type { ThreadMessage } from "../thread";

// A song card opens the song where the viewer works on it.
const artistSongHref = (songId: string) => `/song/${encodeURIComponent(songId)}`;
const agentSongHref = (songId: string) => `/desk/songs/${encodeURIComponent(songId)}`;

interface ConversationThreadProps {
  user: PublicUser;
  peerId: string | undefined;
  messages: ThreadMessage[];
  stored: ReturnType<typeof useMessages>;
  older: ReturnType<typeof useOlderMessages>;
  sender: ReturnType<typeof useSendMessage>;
  tools: MessageTools;
  seenId: string | undefined;
  unreadAtOpen: OpenedRoom["firstUnread"];
  /** The room could not be opened for want of a network; `retryOpen` tries again. */
  openOffline: boolean;
  retryOpen: () => void;
}

/**
 * The messages; offline, the pending ones under a notice; while the history
 * loads, a spinner above what the person has sent meanwhile (a file chosen on
 * a slow link shows at once, not when the history arrives); else a failure.
 */
export function ConversationThread(props: ConversationThreadProps) {
  const { user, messages, stored, older, sender } = props;
  const songHref = user.admin ? agentSongHref : artistSongHref;
  const offline = props.openOffline || (stored.isPending && stored.fetchStatus === "paused");
  if (offline || stored.isPending) {
    return (
      <>
        {offline ? (
          <ConversationOffline
            onRetry={() => (props.openOffline ? props.retryOpen() : void stored.refetch())}
          />
        ) : (
          <Spinner className={messages.length > 0 ? "p-2" : "flex-1 p-6"} />
        )}
        {messages.length > 0 && (
          <MessageList
            messages={messages}
            ownId={user.id}
            older={{ ...older, hasOlder: false }}
            onRetry={sender.retry}
            onRemove={sender.remove}
            songHref={songHref}
            seenId={undefined}
          />
        )}
      </>
    );
  }
  if (stored.isError) {
    return <p className="flex-1 p-4 text-center text-sm">Messages could not be loaded.</p>;
  }
  return (
    <MessageToolsContext value={props.tools}>
      <MessageList
        messages={messages}
        ownId={user.id}
        older={{ ...older, hasOlder: stored.data.hasOlder }}
        onRetry={sender.retry}
        onRemove={sender.remove}
        songHref={songHref}
        seenId={props.seenId}
        unread={props.unreadAtOpen}
        peerId={props.peerId}
      />
    </MessageToolsContext>
  );
}
