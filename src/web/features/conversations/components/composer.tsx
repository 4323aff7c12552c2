import {
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
} from "react";
import { FileAudio, ImagePlus, SendHorizontal } from "lucide-react";
import { isSendableText, MESSAGE_MAX_LENGTH } from "../../../../shared/chat";
import { LengthNotice } from "../compose/length-notice";
import { messageLength } from "../compose/message-length";
import { lazyModule } from "../../../lib/lazy-module";
import { iconButton } from "./icon-button";
import { RecordButton } from "./record-button";
import { useHeldSend } from "./use-held-send";

/** The voice recorder, fetched when recording starts (or its button is hovered or focused). */
const recorder = lazyModule(() => import("./voice-recorder"));
const preloadRecorder = () => void recorder.preload().catch(() => undefined);
const VoiceRecorder = recorder.part(
  (m) => m.VoiceRecorder,
  // The recorder's own height, where it will be.
  <div className="flex items-center border-t border-slate-200 bg-white p-2 dark:border-slate-800 dark:bg-slate-900">
    <p role="status" className="flex h-11 flex-1 items-center px-2 text-sm">
      Starting the microphone…
    </p>
  </div>,
);

/** A helper bound to the text box (the saved-reply "/" menu). */
export interface ComposerAssist {
  /** Shown above the text box, e.g. a list of suggestions. */
  popup?: ReactNode;
  /** Hears every key first; preventDefault() keeps the composer from acting on it. */
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  /** ARIA ties from the text box to the popup. */
  inputProps?: Pick<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    "aria-controls" | "aria-autocomplete" | "aria-activedescendant"
  >;
}

interface ComposerProps {
  disabled: boolean;
  textRef: Ref<HTMLTextAreaElement>;
  onSendText: (text: string) => void;
  onFiles: (files: File[]) => void;
  onTyping?: () => void;
  reference?: ReactNode;
  /** The message carries something besides its text (a song reference). */
  canSendEmpty?: boolean;
  /** Something the message carries is still loading: typing is fine, sending waits. */
  waiting?: boolean;
  /** The text, held by the page when something else fills it in (a saved reply). */
  draft?: { text: string; setText: (text: string) => void };
  assist?: ComposerAssist;
  /** An agent's internal note: text only, its own label and background. */
  note?: boolean;
  /** What the text may hold: less than a message when the message adds to it (a release's quote). */
  maxLength?: number;
}

/**
 * Text box (grows to a few lines; Enter sends, Shift+Enter adds a line),
 * pasted images, the image and audio pickers, voice recording and Send.
 * Every file goes to `onFiles`, the same path as a drop. `reference` (a song
 * chip) sits above the box; with one, the text may be left empty.
 */
export function Composer(props: ComposerProps) {
  const { disabled, note = false, draft, assist, onFiles } = props;
  const [ownText, setOwnText] = useState("");
  const text = draft ? draft.text : ownText;
  const setText = draft ? draft.setText : setOwnText;
  const [recording, setRecording] = useState(false);
  const lengthId = useId();
  const maxLength = props.maxLength ?? MESSAGE_MAX_LENGTH;
  const length = messageLength(text, maxLength);
  const sendable =
    !props.waiting && text.length <= maxLength && (props.canSendEmpty || isSendableText(text));
  const held = useHeldSend(disabled, props.onSendText);

  const send = () => {
    if (!sendable) return;
    if (disabled) held.hold(text);
    else props.onSendText(text);
    setText("");
  };
  if (recording) {
    return (
      <VoiceRecorder
        onCancel={() => setRecording(false)}
        onRecorded={(file) => {
          setRecording(false);
          onFiles([file]);
        }}
      />
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      className={
        note
          ? "bg-amber-50 dark:bg-amber-950"
          : "border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
      }
    >
      {props.reference}
      {assist?.popup}
      <LengthNotice id={lengthId} length={length} />
      {held.holding && (
        <p role="status" className="px-4 pt-2 text-sm text-slate-600 dark:text-slate-300">
          Sending as soon as the conversation is open…
        </p>
      )}
      <div className="flex items-end gap-1 p-2">
        {!note && (
          <AttachButtons
            disabled={disabled}
            onFiles={onFiles}
            onRecord={() => setRecording(true)}
          />
        )}
        <ComposerTextBox
          textRef={props.textRef}
          note={note}
          text={text}
          onText={(value) => {
            setText(value);
            // A note is for agents: the artist is not told someone is typing.
            if (!note) props.onTyping?.();
          }}
          onSend={send}
          onFiles={onFiles}
          assist={assist}
          lengthId={lengthId}
          tooLong={length.tooLong !== null}
        />
        {/* Sent before the conversation is open, it waits (useHeldSend). */}
        <SendButton note={note} disabled={!sendable} />
      </div>
    </form>
  );
}

/** The hidden file inputs, their picker buttons, and the voice recorder's start. */
function AttachButtons(props: {
  disabled: boolean;
  onFiles: (files: File[]) => void;
  onRecord: () => void;
}) {
  const { disabled, onRecord } = props;
  const imageInput = useRef<HTMLInputElement>(null);
  const audioInput = useRef<HTMLInputElement>(null);
  const picked = (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    if (files.length > 0) props.onFiles(files);
  };

  return (
    <>
      <input
        ref={imageInput}
        type="file"
        accept="image/*"
        hidden
        multiple
        aria-label="Image file"
        onChange={picked}
      />
      <input
        ref={audioInput}
        type="file"
        accept="audio/*"
        hidden
        aria-label="Audio file"
        onChange={picked}
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
        <FileAudio aria-hidden="true" className="size-5" />
      </button>
      <RecordButton disabled={disabled} onStart={onRecord} onIntent={preloadRecorder} />
    </>
  );
}

interface ComposerTextBoxProps {
  textRef: Ref<HTMLTextAreaElement>;
  note: boolean;
  text: string;
  onText: (text: string) => void;
  onSend: () => void;
  onFiles: (files: File[]) => void;
  assist: ComposerAssist | undefined;
  lengthId: string;
  tooLong: boolean;
}

/** The message box: Enter sends, Shift+Enter adds a line, pasted files go as files. */
function ComposerTextBox({
  textRef,
  note,
  text,
  onText,
  onSend,
  onFiles,
  assist,
  lengthId,
  tooLong,
}: ComposerTextBoxProps) {
  const textId = useId();
  return (
    <>
      <label htmlFor={textId} className="sr-only">
        {note ? "Internal note" : "Message"}
      </label>
      <textarea
        id={textId}
        ref={textRef}
        rows={1}
        {...assist?.inputProps}
        value={text}
        onChange={(e) => onText(e.target.value)}
        onKeyDown={(e) => {
          assist?.onKeyDown?.(e);
          if (e.defaultPrevented) return;
          // Enter sends; Shift+Enter (and Enter while composing with an IME) adds a line.
          if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            onSend();
          }
        }}
        onPaste={(e) => {
          const files = [...e.clipboardData.files];
          if (files.length === 0 || note) return;
          e.preventDefault();
          onFiles(files);
        }}
        // No maxLength: a long paste stays whole and is refused with a reason (LengthNotice).
        aria-describedby={lengthId}
        aria-invalid={tooLong ? true : undefined}
        autoComplete="off"
        placeholder={note ? "Write an internal note" : "Type a message"}
        className="max-h-36 min-h-11 min-w-0 flex-1 resize-none rounded-3xl border border-slate-300 bg-white px-4 py-2.5 text-slate-900 [field-sizing:content] placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
    </>
  );
}

/** Send (Add note): a click keeps the cursor in the message box. */
function SendButton({ note, disabled }: { note: boolean; disabled: boolean }) {
  return (
    <button
      type="submit"
      disabled={disabled}
      aria-label={note ? "Add note" : "Send"}
      // Send keeps the cursor in the message box.
      onMouseDown={(e) => e.preventDefault()}
      className="flex size-11 shrink-0 items-center justify-center rounded-full bg-indigo-700 text-white hover:bg-indigo-800 disabled:bg-slate-300 disabled:text-slate-600 dark:bg-indigo-400 dark:text-slate-950 dark:hover:bg-indigo-300 dark:disabled:bg-slate-700 dark:disabled:text-slate-300"
    >
      <SendHorizontal aria-hidden="true" className="size-5" />
    </button>
  );
}
