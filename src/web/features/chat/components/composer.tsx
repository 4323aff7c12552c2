import { useId, useRef, useState } from "react";
import { ImagePlus, Mic, SendHorizontal } from "lucide-react";
import { isSendableText, MESSAGE_MAX_LENGTH, type ChatFileType } from "../../../../shared/chat";

const iconButton =
  "flex size-11 shrink-0 items-center justify-center rounded-full text-slate-700 hover:bg-slate-200 disabled:text-slate-400 dark:text-slate-200 dark:hover:bg-slate-800 dark:disabled:text-slate-500";

/** Text box, image and audio attach buttons, and Send. */
export function Composer({
  disabled,
  onSendText,
  onAttach,
}: {
  disabled: boolean;
  onSendText: (text: string) => void;
  onAttach: (file: File, kind: ChatFileType) => void;
}) {
  const [text, setText] = useState("");
  const textId = useId();
  const imageInput = useRef<HTMLInputElement>(null);
  const audioInput = useRef<HTMLInputElement>(null);
  const canSend = !disabled && isSendableText(text);

  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (!canSend) return;
    onSendText(text);
    setText("");
  };
  const picked = (kind: ChatFileType) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) onAttach(file, kind);
  };

  return (
    <form
      onSubmit={submit}
      className="flex items-center gap-1 border-t border-slate-200 bg-white p-2 dark:border-slate-800 dark:bg-slate-900"
    >
      <input
        ref={imageInput}
        type="file"
        accept="image/*"
        hidden
        aria-label="Image file"
        onChange={picked("image")}
      />
      <input
        ref={audioInput}
        type="file"
        accept="audio/*"
        hidden
        aria-label="Audio file"
        onChange={picked("audio")}
      />
      <button
        type="button"
        className={iconButton}
        disabled={disabled}
        aria-label="Attach image"
        onClick={() => imageInput.current?.click()}
      >
        <ImagePlus aria-hidden="true" className="size-5" />
      </button>
      <button
        type="button"
        className={iconButton}
        disabled={disabled}
        aria-label="Attach audio"
        onClick={() => audioInput.current?.click()}
      >
        <Mic aria-hidden="true" className="size-5" />
      </button>
      <label htmlFor={textId} className="sr-only">
        Message
      </label>
      <input
        id={textId}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={MESSAGE_MAX_LENGTH}
        autoComplete="off"
        placeholder="Type a message"
        className="min-w-0 flex-1 rounded-full border border-slate-300 bg-white px-4 py-2.5 text-slate-900 placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
      <button
        type="submit"
        disabled={!canSend}
        aria-label="Send"
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-indigo-700 text-white hover:bg-indigo-800 disabled:bg-slate-300 disabled:text-slate-600 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300 dark:disabled:bg-slate-700 dark:disabled:text-slate-300"
      >
        <SendHorizontal aria-hidden="true" className="size-5" />
      </button>
    </form>
  );
}
