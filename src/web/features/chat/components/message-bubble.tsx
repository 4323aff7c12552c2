import { useState } from "react";
import { Check, Clock, Download } from "lucide-react";
import { formatFileSize } from "../../../../shared/chat-format";
import type { ThreadMessage } from "../thread";
import { ImageViewer } from "./image-viewer";

function StatusIcon({ status }: { status: ThreadMessage["status"] }) {
  const label = status === "sending" ? "Sending" : "Sent";
  const Icon = status === "sending" ? Clock : Check;
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

function Attachment({ message }: { message: ThreadMessage }) {
  const [viewing, setViewing] = useState(false);
  const name = message.fileName ?? "attachment";
  const url = message.fileUrl;
  const stored = message.status === "sent" && url !== null;
  return (
    <div className="flex flex-col gap-2">
      {message.fileType === "image" && url && (
        <>
          <button
            type="button"
            onClick={() => setViewing(true)}
            aria-label={`Open image ${name}`}
            className="overflow-hidden rounded-lg"
          >
            <img src={url} alt={name} className="max-h-60 max-w-full object-cover" />
          </button>
          {viewing && <ImageViewer src={url} name={name} onClose={() => setViewing(false)} />}
        </>
      )}
      {message.fileType === "audio" && stored && (
        // eslint-disable-next-line jsx-a11y/media-has-caption -- a voice message has no caption track
        <audio controls src={url} aria-label={`Audio ${name}`} className="max-w-full" />
      )}
      <div className="flex items-center gap-2 text-xs">
        <span className="truncate">{name}</span>
        {message.fileSize !== null && <span>{formatFileSize(message.fileSize)}</span>}
        {stored && (
          <a
            href={`${url}?download=1`}
            download={name}
            aria-label={`Download ${name}`}
            className="ml-auto flex size-8 items-center justify-center rounded-full hover:bg-black/10 dark:hover:bg-white/10"
          >
            <Download aria-hidden="true" className="size-4" />
          </a>
        )}
      </div>
      {message.status === "sending" && message.progress !== undefined && (
        <UploadProgress percent={message.progress} name={name} />
      )}
    </div>
  );
}

export function MessageBubble({ message, own }: { message: ThreadMessage; own: boolean }) {
  const time = new Date(message.createdAt);
  return (
    <li className={`flex ${own ? "justify-end" : "justify-start"}`}>
      <div
        className={`flex max-w-[80%] flex-col gap-1 rounded-2xl px-3.5 py-2 ${
          own
            ? "rounded-br-sm bg-indigo-700 text-white"
            : "rounded-bl-sm bg-white text-slate-900 ring-1 ring-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-700"
        }`}
      >
        <span className="sr-only">{own ? "You" : message.senderName}:</span>
        {message.fileType && <Attachment message={message} />}
        {message.text && <p className="break-words whitespace-pre-wrap">{message.text}</p>}
        <span
          className={`flex items-center justify-end gap-1 text-xs ${own ? "text-indigo-100" : "text-slate-600 dark:text-slate-300"}`}
        >
          <time dateTime={time.toISOString()}>
            {time.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" })}
          </time>
          {own && <StatusIcon status={message.status} />}
        </span>
      </div>
    </li>
  );
}
