import { useRef, useState } from "react";
import { Pencil, Trash2 } from "lucide-react";
import {
  REPLY_VARIABLE_NAMES,
  SAVED_REPLY_TEXT_MAX,
  SHORTCUT_MAX,
  type SavedReply,
} from "../../../shared/saved-replies";
import { Button } from "../../components/button";
import { Spinner } from "../../components/spinner";
import { FormAlert } from "../../components/form-alert";
import { TextAreaField, TextField } from "../../components/text-field";
import { ApiError } from "../../lib/api-client";
import { useFocusFirstInvalid } from "../../lib/focus-first-invalid";
import { RequireAgent } from "../../lib/auth/require-agent";
import { useDeleteSavedReply, useSaveSavedReply, useSavedReplies } from "./api/saved-replies";

/** Add or change one saved reply; the server's refusals show under their fields. */
function SavedReplyForm({
  editing,
  onDone,
}: {
  editing: SavedReply | null;
  onDone: (message: string) => void;
}) {
  const save = useSaveSavedReply();
  const [shortcut, setShortcut] = useState(editing?.shortcut ?? "");
  const [text, setText] = useState(editing?.text ?? "");
  const error = save.error instanceof ApiError ? save.error : null;
  const fieldError = (name: string) => error?.fieldErrors?.[name];
  const formRef = useRef<HTMLFormElement>(null);
  // The server checks the reply: its refusal focuses the first field it names.
  useFocusFirstInvalid(formRef, error?.fieldErrors);
  return (
    <form
      ref={formRef}
      aria-label={editing ? `Change /${editing.shortcut}` : "New saved reply"}
      className="flex flex-col gap-4 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { id: editing?.id, shortcut, text },
          {
            onSuccess: (saved) => {
              setShortcut("");
              setText("");
              onDone(`Saved /${saved.shortcut}.`);
            },
          },
        );
      }}
    >
      <h2 className="text-lg font-semibold">
        {editing ? `Change /${editing.shortcut}` : "New saved reply"}
      </h2>
      <TextField
        label="Shortcut"
        value={shortcut}
        maxLength={SHORTCUT_MAX + 1}
        onChange={(e) => setShortcut(e.target.value)}
        error={fieldError("shortcut")}
        hint="Typed after / in the message box. No spaces."
        autoComplete="off"
      />
      <TextAreaField
        label="Text"
        value={text}
        rows={4}
        maxLength={SAVED_REPLY_TEXT_MAX}
        onChange={(e) => setText(e.target.value)}
        error={fieldError("text")}
        hint={`Variables: ${REPLY_VARIABLE_NAMES.map((name) => `{{${name}}}`).join(", ")}`}
      />
      <FormAlert look="inline" error={error && !error.fieldErrors && error.message} />
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {editing ? "Save changes" : "Add saved reply"}
        </Button>
        {editing && (
          <Button variant="secondary" onClick={() => onDone("")}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function SavedRepliesScreen() {
  const replies = useSavedReplies();
  const remove = useDeleteSavedReply();
  const [editing, setEditing] = useState<SavedReply | null>(null);
  const [notice, setNotice] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6 p-4 sm:p-6">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold">
        Saved replies
      </h1>
      <p className="text-slate-700 dark:text-slate-300">
        Replies every agent can insert by typing / and the shortcut at the start of a message.
      </p>
      <p role="status" className="text-sm text-green-800 dark:text-green-300">
        {notice}
      </p>
      <SavedReplyForm
        key={editing?.id ?? "new"}
        editing={editing}
        onDone={(message) => {
          setEditing(null);
          setNotice(message);
          heading.current?.focus();
        }}
      />
      {replies.isPending ? (
        <Spinner className="p-6" />
      ) : replies.isError ? (
        <p>Saved replies could not be loaded.</p>
      ) : replies.data.length === 0 ? (
        <p>No saved replies yet.</p>
      ) : (
        <ul aria-label="Saved replies" className="flex flex-col gap-2">
          {replies.data.map((reply) => (
            <li
              key={reply.id}
              className="flex items-start gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
            >
              <div className="flex min-w-0 flex-1 flex-col">
                <span className="font-semibold">/{reply.shortcut}</span>
                <span className="text-sm whitespace-pre-wrap text-slate-700 [overflow-wrap:anywhere] dark:text-slate-300">
                  {reply.text}
                </span>
              </div>
              <button
                type="button"
                aria-label={`Change /${reply.shortcut}`}
                onClick={() => setEditing(reply)}
                className="flex size-9 items-center justify-center rounded-full hover:bg-slate-200 dark:hover:bg-slate-800"
              >
                <Pencil aria-hidden="true" className="size-4" />
              </button>
              <button
                type="button"
                aria-label={`Remove /${reply.shortcut}`}
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(reply.id, {
                    onSuccess: () => {
                      setNotice(`Removed /${reply.shortcut}.`);
                      heading.current?.focus();
                    },
                  })
                }
                className="flex size-9 items-center justify-center rounded-full hover:bg-slate-200 dark:hover:bg-slate-800"
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** /saved-replies: the agents' shared saved replies (artists are sent to their songs). */
export default function SavedRepliesPage() {
  return (
    <RequireAgent artistHome="/">
      <SavedRepliesScreen />
    </RequireAgent>
  );
}
