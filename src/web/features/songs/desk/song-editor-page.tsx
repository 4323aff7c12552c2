import { useState } from "react";
import { useLocation, useParams } from "react-router";
import { Alert } from "../../../components/alert";
import { PageHeader } from "../../../components/page-header";
import { Spinner } from "../../../components/spinner";
import { useDeskSong } from "../api/get-desk-song";
import { RequireAgent } from "../../../lib/auth/require-agent";
import { ReleaseSongFacts } from "./release-song-facts";
import { SongForm } from "./song-form";
import { SongLoadError } from "../song-load-error";
import { StatusTimeline } from "../status-timeline";

/** /desk/songs/new creates a song request; /desk/songs/{id} edits one. */
export default function SongEditorPage() {
  const { id } = useParams();
  return <RequireAgent artistHome="/songs">{id ? <EditSong id={id} /> : <NewSong />}</RequireAgent>;
}

function NewSong() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col p-4 sm:p-6">
      <PageHeader title="New song" backTo="/desk/songs" backLabel="Back to the song desk" />
      <SongForm song={null} />
    </div>
  );
}

function EditSong({ id }: { id: string }) {
  const song = useDeskSong(id);
  const { state } = useLocation() as { state: { created?: boolean } | null };
  // Raised by "Reload the song" after a conflict: the draft restarts from the fetched song.
  const [generation, setGeneration] = useState(0);
  if (song.isPending) return <Spinner label="Loading song…" className="py-16" />;
  if (song.isError) {
    return (
      <SongLoadError error={song.error} backTo="/desk/songs" backLabel="Back to the song desk" />
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-4 sm:p-6">
      <PageHeader
        title={song.data.release ? song.data.type : `Edit: ${song.data.type}`}
        backTo="/desk/songs"
        backLabel="Back to the song desk"
      />
      {state?.created && <Alert tone="success">Song created.</Alert>}
      {song.data.release ? (
        <ReleaseSongFacts song={song.data} release={song.data.release} />
      ) : (
        // Keyed by id so the draft starts from this song's saved values.
        <SongForm
          key={`${song.data.id}:${generation}`}
          song={song.data}
          onReload={() => void song.refetch().then(() => setGeneration((g) => g + 1))}
        />
      )}
      <section
        aria-labelledby="desk-history"
        className="flex flex-col gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
      >
        <h2 id="desk-history" className="font-semibold">
          Timeline
        </h2>
        <StatusTimeline events={song.data.history} />
      </section>
    </div>
  );
}
