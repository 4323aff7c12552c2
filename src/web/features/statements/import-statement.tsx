import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Upload } from "lucide-react";
import { STATEMENT_FILE_ACCEPT } from "../../../shared/statement-fields";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { UploadError } from "../../lib/upload";
import { uploadStatement } from "./api/upload-statement";

type Sending = { percent: number; name: string } | null;

/**
 * Import statement: the file goes up through the portal's resumable tus
 * client with its percentage; the server makes a statement of it (or refuses
 * it: the same file again) and the agent continues on its page.
 */
export function ImportStatement() {
  const navigate = useNavigate();
  const [sending, setSending] = useState<Sending>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  async function send(file: File) {
    setError(null);
    setSending({ percent: 0, name: file.name });
    const controller = new AbortController();
    abort.current = controller;
    try {
      const id = await uploadStatement(
        file,
        (percent) => setSending({ percent, name: file.name }),
        controller.signal,
      );
      void navigate(`/desk/statements/${encodeURIComponent(id)}`);
    } catch (failure) {
      if (failure instanceof UploadError && failure.reason === "canceled") return;
      setError(failure instanceof Error ? failure.message : "The upload failed.");
      setSending(null);
    }
  }

  return (
    <section
      aria-labelledby="import-statement-heading"
      className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="import-statement-heading" className="text-lg font-semibold">
        Import statement
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        A store&apos;s or distributor&apos;s statement as CSV or TSV, or either compressed with
        gzip. Nothing is credited before you preview and import it.
      </p>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="statement-file" className="font-medium">
          Statement file
        </label>
        <input
          id="statement-file"
          type="file"
          accept={STATEMENT_FILE_ACCEPT}
          disabled={sending !== null}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = "";
            if (file) void send(file);
          }}
          className="block w-full min-w-0 text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-indigo-600 file:px-4 file:py-2.5 file:font-semibold file:text-white hover:file:bg-indigo-700 disabled:opacity-60 dark:file:bg-indigo-400 dark:file:text-slate-950"
        />
      </div>
      {sending && (
        <UploadProgress
          sending={sending}
          onCancel={() => {
            abort.current?.abort();
            setSending(null);
          }}
        />
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </section>
  );
}

/** The file on its way up: its name, its percentage, and Cancel upload. */
function UploadProgress({
  sending,
  onCancel,
}: {
  sending: NonNullable<Sending>;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2 text-sm">
        <Upload aria-hidden="true" className="size-4 shrink-0" />
        <span className="min-w-0 flex-1 break-all">{sending.name}</span>
        <span className="tabular-nums">{sending.percent}%</span>
      </div>
      <progress
        aria-label={`Uploading ${sending.name}`}
        max={100}
        value={sending.percent}
        className="h-2 w-full accent-indigo-600"
      />
      <Button variant="secondary" className="self-start" onClick={onCancel}>
        Cancel upload
      </Button>
    </div>
  );
}
