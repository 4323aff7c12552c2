import type { ReleaseArtwork, ReleaseUploadedFile } from "../../../shared/release-schemas";
import { RELEASE_ARTWORK_PURPOSE } from "../../../shared/release-constants";
import { artworkCheckLine } from "../../../shared/release-format";
import { FileField } from "./file-field";
import { errorText, WarningNotes, type IssuesFor } from "./issue-notes";
import { fieldDomId } from "./release-draft";
import { useReleaseUpload } from "./use-release-upload";
import { pictureSources } from "../../../shared/picture-sources";

/** The release's artwork: its preview and check line, or the refusal of a new one. */
export function ArtworkField(props: {
  releaseId: string;
  artwork: ReleaseArtwork | null;
  issuesFor: IssuesFor;
  onUploaded: (file: ReleaseUploadedFile) => void;
}) {
  const { releaseId, artwork, issuesFor, onUploaded } = props;
  const upload = useReleaseUpload(RELEASE_ARTWORK_PURPOSE, { releaseId }, onUploaded);
  const issues = issuesFor("artwork");
  return (
    <FileField
      id={fieldDomId("artwork")}
      label="Artwork"
      accept="image/jpeg,image/png"
      state={upload.state}
      onChoose={(event) => void upload.choose(event)}
      onCancel={upload.cancel}
      error={errorText(issues)}
      warnings={<WarningNotes issues={issues} />}
      current={
        artwork ? (
          <div className="flex flex-wrap items-center gap-3">
            <img
              {...pictureSources(artwork.url, 96)}
              alt="Artwork preview"
              width={96}
              height={96}
              className="size-24 rounded-lg object-cover ring-1 ring-slate-200 dark:ring-slate-700"
            />
            <span>{artworkCheckLine(artwork)}</span>
          </div>
        ) : (
          <span className="text-slate-600 dark:text-slate-300">
            A square JPG or PNG, 3000 × 3000 to 6000 × 6000 px, RGB, not transparent.
          </span>
        )
      }
    />
  );
}
