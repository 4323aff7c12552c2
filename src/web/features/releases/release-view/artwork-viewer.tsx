import { useId, useState } from "react";
import type { ReleaseArtwork } from "../../../../shared/release-schemas";
import { artworkCheckLine } from "../../../../shared/release-format";
import { Button } from "../../../components/button";
import { useModalDialog } from "../../../lib/use-modal-dialog";
import { pictureSources } from "../../../../shared/picture-sources";

/** The artwork at full size in a dialog; its original file one link away. */
function ArtworkDialog(props: { artwork: ReleaseArtwork; title: string; onClose: () => void }) {
  const ref = useModalDialog();
  const headingId = useId();
  const { artwork } = props;
  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      onClose={props.onClose}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-4xl overflow-auto rounded-xl bg-white p-4 text-slate-900 backdrop:bg-black/70 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="flex-1 text-lg font-semibold">
          Artwork · {artworkCheckLine(artwork)}
        </h2>
        <Button variant="secondary" onClick={() => ref.current?.close()}>
          Close
        </Button>
      </div>
      <img
        src={artwork.url}
        alt={`Artwork of ${props.title}`}
        width={artwork.width}
        height={artwork.height}
        className="mx-auto h-auto max-h-[75dvh] w-auto max-w-full"
      />
      <a
        href={artwork.url}
        target="_blank"
        rel="noreferrer"
        className="mt-3 inline-block text-sm text-indigo-700 underline dark:text-indigo-300"
      >
        Open the original file ({artwork.width} × {artwork.height} px)
      </a>
    </dialog>
  );
}

/** The artwork's thumbnail; a click (or Enter) opens it full size. */
export function ArtworkViewer(props: { artwork: ReleaseArtwork | null; title: string }) {
  const [open, setOpen] = useState(false);
  if (!props.artwork) {
    return <p className="text-sm text-red-700 dark:text-red-300">No artwork.</p>;
  }
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="self-start rounded-lg ring-1 ring-slate-200 dark:ring-slate-700"
      >
        <img
          {...pictureSources(props.artwork.url, 160)}
          alt=""
          width={160}
          height={160}
          className="size-40 rounded-lg object-cover"
        />
        <span className="sr-only">View the artwork full size</span>
      </button>
      {open && (
        <ArtworkDialog artwork={props.artwork} title={props.title} onClose={() => setOpen(false)} />
      )}
    </>
  );
}
