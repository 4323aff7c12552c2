import { useEffect, useRef } from "react";
import { Link, useParams } from "react-router";
import { ArrowLeft } from "lucide-react";
import { CHAT_UPLOAD_PURPOSE, type ChatFileType } from "../../../shared/chat";
import type { PublicUser } from "../../../shared/user";
import { Avatar } from "../../components/avatar";
import { Spinner } from "../../components/spinner";
import { uploadFile } from "../../lib/upload";
import { useSession } from "../auth/api/session";
import { useMarkRead } from "./api/mark-read";
import { useMessages } from "./api/get-messages";
import { useOpenRoom } from "./api/open-room";
import { useSendMessage } from "./api/send-message";
import { ArtistProfile } from "./components/artist-profile";
import { Composer } from "./components/composer";
import { MessageBubble } from "./components/message-bubble";

function Conversation({ user, peerId }: { user: PublicUser; peerId: string }) {
  const room = useOpenRoom(peerId);
  const roomId = room.data?.roomId;
  const messages = useMessages(roomId);
  const sender = useSendMessage(roomId, user);
  const endRef = useRef<HTMLDivElement>(null);

  // Reading new messages while the conversation is open keeps it read.
  const lastIncoming = messages.data?.findLast((m) => m.userId !== user.id)?.id;
  const { mutate: markReadNow } = useMarkRead(roomId);
  useEffect(() => {
    if (lastIncoming) markReadNow();
  }, [lastIncoming, markReadNow]);

  const count = messages.data?.length ?? 0;
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "end" });
  }, [count]);

  const attach = async (file: File, kind: ChatFileType) => {
    if (!roomId) return;
    const id = crypto.randomUUID();
    const preview = kind === "image" ? URL.createObjectURL(file) : null;
    sender.addPending(id, "", {
      fileType: kind,
      fileName: file.name,
      fileSize: file.size,
      fileUrl: preview,
    });
    try {
      const uploaded = await uploadFile(file, {
        purpose: CHAT_UPLOAD_PURPOSE,
        metadata: { roomId },
        onProgress: (percent) => sender.setProgress(id, percent),
      });
      await sender.deliver(id, "", uploaded.id);
    } catch (error) {
      // The spec: a failed chat upload is logged and its temporary message removed.
      console.error("Chat upload failed", error);
      sender.remove(id);
    } finally {
      if (preview) URL.revokeObjectURL(preview);
    }
  };

  if (room.isError) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <p>This conversation is not available.</p>
        <Link to="/" className="font-medium text-indigo-700 underline dark:text-indigo-300">
          Back to chats
        </Link>
      </div>
    );
  }
  const peer = room.data?.peer;

  return (
    <div className="flex h-dvh min-h-0 flex-1 flex-col md:h-full lg:flex-row">
      <section aria-label="Conversation" className="flex min-h-0 min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-2 py-2 dark:border-slate-800 dark:bg-slate-900">
          <Link
            to="/"
            aria-label="Back to chats"
            className="flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800"
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
          </Link>
          {peer && (
            <>
              <Avatar src={peer.picture} name={peer.name} size="sm" />
              <h1 className="truncate text-lg font-bold">{peer.name}</h1>
            </>
          )}
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto bg-slate-50 p-3 dark:bg-slate-950">
          {messages.isPending ? (
            <Spinner className="p-6" />
          ) : messages.isError ? (
            <p className="p-4 text-center text-sm">Messages could not be loaded.</p>
          ) : (
            <ol aria-label="Messages" className="flex flex-col gap-2">
              {messages.data.map((message) => (
                <MessageBubble
                  key={message.id}
                  message={message}
                  own={message.userId === user.id}
                />
              ))}
            </ol>
          )}
          <div ref={endRef} />
        </div>
        <Composer
          disabled={!roomId}
          onSendText={(text) => sender.sendText(text)}
          onAttach={(file, kind) => void attach(file, kind)}
        />
      </section>
      {user.admin && peer && (
        <div className="hidden lg:flex">
          <ArtistProfile artist={peer} />
        </div>
      )}
    </div>
  );
}

/** /chat/{adminId} for artists, /inbox/{artistId} for agents. */
export default function ConversationPage() {
  const { data: user } = useSession();
  const { peerId } = useParams();
  if (!user || !peerId) return null;
  // A new peer is a new conversation: fresh composer and scroll state.
  return <Conversation key={peerId} user={user} peerId={peerId} />;
}
