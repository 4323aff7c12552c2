import { Link, useLocation, useParams } from "react-router";
import { ArrowLeft } from "lucide-react";
import { Alert } from "../../../components/alert";
import { PageHeader } from "../../../components/page-header";
import { Spinner } from "../../../components/spinner";
import { ApiError } from "../../../lib/api-client";
import { useDeskSong } from "../api/get-desk-song";
import { RequireAgent } from "./require-agent";
import { SongForm } from "./song-form";

/** /desk/songs/new creates a song request; /desk/songs/{id} edits one. */
export default function SongEditorPage() {
  const { id } = useParams();
  return <RequireAgent>{id ? <EditSong id={id} /> : <NewSong />}</RequireAgent>;
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
  if (song.isPending) return <Spinner label="Loading song…" className="py-16" />;
  if (song.isError) {
    const missing = song.error instanceof ApiError && song.error.status === 404;
    return (
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-4 sm:p-6">
        <h1 className="text-2xl font-bold">Song details</h1>
        <Alert tone="error">{missing ? "Song not found" : "Failed to load song details"}</Alert>
        <Link
          to="/desk/songs"
          className="inline-flex items-center gap-2 self-start font-semibold text-indigo-700 underline dark:text-indigo-300"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to the song desk
        </Link>
      </div>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4 p-4 sm:p-6">
      <PageHeader
        title={`Edit: ${song.data.type}`}
        backTo="/desk/songs"
        backLabel="Back to the song desk"
      />
      {state?.created && <Alert tone="success">Song created.</Alert>}
      {/* Keyed by id so the draft starts from this song's saved values. */}
      <SongForm key={song.data.id} song={song.data} />
    </div>
  );
}
