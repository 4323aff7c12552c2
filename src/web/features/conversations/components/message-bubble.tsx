import { memo, useEffect, useMemo, useState } from "react";
import { AlertCircle, Check, Clock, Download } from "lucide-react";
import { formatFileSize } from "../../../../shared/chat-format";
import type { ThreadMessage } from "../thread";
import { AudioAttachment } from "./audio-attachment";
import { lazyModule } from "../../../lib/lazy-module";
import { attachmentLabel } from "./voice-note";
import { MessageText } from "./message-text";
import { QuoteBlock } from "./quote-block";
import { ReplyButton } from "./reply-button";
import { highlightClass, messageDomId, useMessageTools } from "../tools/message-tools-context";
import { dateFormat } from "../../../../shared/intl-formats";
import { CHAT_PICTURE_PX, pictureSources } from "../../../../shared/picture-sources";

/** The full-size viewer, fetched when an image is first opened (or hovered, or focused). */
const viewer = lazyModule(() => import("./image-viewer"));
const preloadViewer = () => void viewer.preload().catch(() => undefined);
const ImageViewer = viewer.part((m) => m.ImageViewer);
/** A song a message asks about, fetched with the first such message; its box holds the place. */
const MessageSongCard = lazyModule(() => import("./message-song-card")).part(
  (m) => m.MessageSongCard,
  <div className="h-14 min-w-48 rounded-xl bg-white ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700" />,
);

// One formatter each for every bubble: toLocale*String builds a new one per call.
const timeFormat = () => dateFormat(undefined, { hour: "2-digit", minute: "2-digit" });
const fullFormat = () => dateFormat(undefined, { dateStyle: "full", timeStyle: "short" });

function StatusIcon({ message }: { message: ThreadMessage }) {
  const failed = message.failure !== undefined;
  const label = failed ? "Not sent" : message.status === "sending" ? "Sending" : "Sent";
  const Icon = failed ? AlertCircle : message.status === "sending" ? Clock : Check;
  return (
    <span role="img" aria-label={label} title={label}>
      <Icon aria-hidden="true" className="size-3.5" />
    </span>
  );
}

function UploadProgress({ percent, name }: { percent: number; name: string }) {
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={`Uploading ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-32 overflow-hidden rounded-full bg-white/40"
      >
        <div className="h-full bg-white transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="text-xs tabular-nums">{percent}%</span>
    </div>
  );
}

/** A local preview of a pending file; the object URL is released with the bubble. */
function useLocalUrl(file: File | undefined): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

/** How a chat picture loads: first of all (the screen's LCP), at once, or when near. */
export type ImageLoading = "priority" | "eager" | "lazy";

function Attachment({ message, image }: { message: ThreadMessage; image: ImageLoading }) {
  const [viewing, setViewing] = useState(false);
  const name = message.fileName ?? "attachment";
  const label = attachmentLabel(message.fileName);
  // A file the server refused is not shown as a (broken) picture.
  const local = useLocalUrl(
    message.fileType === "image" && !message.permanent ? message.localFile : undefined,
  );
  const url = message.fileUrl ?? local;
  const stored = message.status === "sent" && url !== null;
  return (
    <div className="flex flex-col gap-2">
      {message.fileType === "image" && url && (
        <>
          <button
            type="button"
            onClick={() => setViewing(true)}
            onPointerEnter={preloadViewer}
            onFocus={preloadViewer}
            aria-label={`Open image ${name}`}
            className="overflow-hidden rounded-lg"
          >
            {/* A fixed thumbnail box: the bubble has its final size before the
                image arrives, so the conversation never jumps (CLS). The
                viewer shows the whole picture. */}
            <img
              {...pictureSources(url, CHAT_PICTURE_PX)}
              alt={name}
              width={256}
              height={192}
              loading={image === "lazy" ? "lazy" : "eager"}
              fetchPriority={image === "priority" ? "high" : undefined}
              className="h-48 w-64 max-w-full bg-slate-200 object-cover dark:bg-slate-700"
            />
          </button>
          {viewing && <ImageViewer src={url} name={name} onClose={() => setViewing(false)} />}
        </>
      )}
      {message.fileType === "audio" && stored && <AudioAttachment src={url} label={label} />}
      <div className="flex items-center gap-2 text-xs">
        <span className="truncate">{label}</span>
        {message.fileSize !== null && <span>{formatFileSize(message.fileSize)}</span>}
        {stored && (
          <a
            href={`${url}?download=1`}
            download={name}
            aria-label={`Download ${label}`}
            className="ml-auto flex size-8 items-center justify-center rounded-full hover:bg-black/10 dark:hover:bg-white/10"
          >
            <Download aria-hidden="true" className="size-4" />
          </a>
        )}
      </div>
      {message.status === "sending" && !message.failure && message.progress !== undefined && (
        <UploadProgress percent={message.progress} name={name} />
      )}
    </div>
  );
}

function Failure({
  message,
  onRetry,
  onRemove,
}: {
  message: ThreadMessage;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
}) {
  return (
    <div className="flex flex-col items-end gap-1 text-sm">
      <p className="text-red-800 dark:text-red-300">Not sent: {message.failure}</p>
      <div className="flex gap-2">
        {!message.permanent && (
          <button
            type="button"
            onClick={() => onRetry(message.id)}
            className="rounded-full px-3 py-1 font-medium text-indigo-800 ring-1 ring-indigo-300 hover:bg-indigo-50 dark:text-indigo-200 dark:ring-indigo-700 dark:hover:bg-indigo-950"
          >
            Retry
          </button>
        )}
        <button
          type="button"
          onClick={() => onRemove(message.id)}
          className="rounded-full px-3 py-1 font-medium text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800"
        >
          Remove
        </button>
      </div>
    </div>
  );
}

/** One message; memoised, so loading older pages renders only the new bubbles. */
export const MessageBubble = memo(function MessageBubble({
  message,
  own,
  onRetry,
  onRemove,
  songHref,
  seen = false,
  named = false,
  image = "eager",
}: {
  message: ThreadMessage;
  own: boolean;
  /** Show who wrote it (a teammate's reply, an internal note). */
  named?: boolean;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
  /** Where a song card links for this viewer (stable, so bubbles stay memoised). */
  songHref: (songId: string) => string;
  seen?: boolean;
  /** How an image attachment loads (message-list.tsx: lazy unless near the end). */
  image?: ImageLoading;
}) {
  const time = new Date(message.createdAt);
  const { terms, highlightedId } = useMessageTools();
  const note = message.kind === "note";
  return (
    <li
      id={messageDomId(message.id)}
      // A jump to a quoted message moves the focus here.
      tabIndex={-1}
      className={`group flex flex-col ${own ? "items-end" : "items-start"} ${highlightClass(highlightedId === message.id)}`}
    >
      <div
        className={`flex max-w-[80%] min-w-0 flex-col gap-1 rounded-2xl px-3.5 py-2 ${
          note
            ? `${own ? "rounded-br-sm" : "rounded-bl-sm"} bg-amber-100 text-amber-950 ring-1 ring-amber-300 dark:bg-amber-950 dark:text-amber-50 dark:ring-amber-700`
            : own
              ? "rounded-br-sm bg-indigo-700 text-white"
              : "rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700"
        }`}
      >
        {note && <span className="text-xs font-bold tracking-wide uppercase">Internal note</span>}
        {named ? (
          <span className="text-xs font-semibold">{own ? "You" : message.senderName}</span>
        ) : (
          <span className="sr-only">{own ? "You" : message.senderName}:</span>
        )}
        {message.quote && <QuoteBlock quote={message.quote} own={own && !note} />}
        {message.song && <MessageSongCard song={message.song} href={songHref(message.song.id)} />}
        {message.fileType && <Attachment message={message} image={image} />}
        {message.text && <MessageText text={message.text} terms={terms} own={own && !note} />}
        <span
          className={`flex items-center justify-end gap-1 text-xs ${note ? "text-amber-900 dark:text-amber-200" : own ? "text-indigo-100" : "text-slate-600 dark:text-slate-300"}`}
        >
          {/* A note is never quoted: a reply reaches the artist. */}
          {!note && <ReplyButton message={message} own={own} />}
          <time dateTime={time.toISOString()} title={fullFormat().format(time)}>
            {timeFormat().format(time)}
          </time>
          {own && <StatusIcon message={message} />}
        </span>
      </div>
      {seen && <p className="px-1 text-xs text-slate-600 dark:text-slate-300">Seen</p>}
      {message.failure !== undefined && (
        <Failure message={message} onRetry={onRetry} onRemove={onRemove} />
      )}
    </li>
  );
});
