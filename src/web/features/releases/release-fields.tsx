import type { ReleaseArtwork, ReleaseUploadedFile } from "../../../shared/release-schemas";
import { RELEASE_GENRES, RELEASE_LANGUAGES } from "../../../shared/release-constants";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { ArtworkField } from "./artwork-field";
import { errorText, hintWithWarnings, type IssuesFor } from "./issue-notes";
import { NamesField } from "./names-field";
import { fieldDomId, type DraftFields } from "./release-draft";

type TextKey = "title" | "primaryArtist" | "pLine" | "cLine" | "upc";

/** The release's own fields, labelled as the issue spells them, each with its issues. */
export function ReleaseFields(props: {
  releaseId: string;
  draft: DraftFields;
  artwork: ReleaseArtwork | null;
  leadDays: number;
  issuesFor: IssuesFor;
  onChange: (update: Partial<DraftFields>) => void;
  onArtworkUploaded: (file: ReleaseUploadedFile) => void;
}) {
  const { releaseId, draft, artwork, leadDays, issuesFor, onChange } = props;
  const text = (key: TextKey, label: string, hint: string | null = null) => {
    const issues = issuesFor(key);
    return (
      <TextField
        id={fieldDomId(key)}
        label={label}
        value={draft[key]}
        maxLength={key === "upc" ? 20 : 200}
        inputMode={key === "upc" ? "numeric" : undefined}
        error={errorText(issues)}
        hint={hintWithWarnings(hint, issues, (suggestion) => onChange({ [key]: suggestion }))}
        onChange={(event) => onChange({ [key]: event.target.value })}
      />
    );
  };
  const select = (key: "genre" | "language", label: string, values: readonly string[]) => (
    <SelectField
      id={fieldDomId(key)}
      label={label}
      value={draft[key]}
      error={errorText(issuesFor(key))}
      onChange={(event) => onChange({ [key]: event.target.value })}
    >
      <option value="">Choose…</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </SelectField>
  );
  const date = (key: "releaseDate" | "originalReleaseDate", label: string, hint: string) => (
    <DateField key={key} field={key} label={label} hint={hint} {...props} />
  );
  return (
    <fieldset className="min-w-0">
      <legend className="mb-4 text-lg font-semibold">Release details</legend>
      <div className="flex flex-col gap-4">
        {text("title", "Release title")}
        {text("primaryArtist", "Primary artist")}
        <NamesField
          id={fieldDomId("featuredArtists")}
          label="Featured artists"
          names={draft.featuredArtists}
          error={errorText(issuesFor("featuredArtists"))}
          onChange={(featuredArtists) => onChange({ featuredArtists })}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {select("genre", "Genre", RELEASE_GENRES)}
          {select("language", "Language", RELEASE_LANGUAGES)}
          {date("releaseDate", "Release date", `At least ${leadDays} days from today.`)}
          {date("originalReleaseDate", "Original release date", "Only if it came out before.")}
        </div>
        {text("pLine", "℗ line", "The year and the owner of the recording, e.g. 2026 Asha Rao.")}
        {text(
          "cLine",
          "© line",
          "The year and the owner of the artwork and words, e.g. 2026 Asha Rao.",
        )}
        {text("upc", "UPC", "Optional: 12 or 13 digits, if you have one.")}
        <ArtworkField
          releaseId={releaseId}
          artwork={artwork}
          issuesFor={issuesFor}
          onUploaded={props.onArtworkUploaded}
        />
      </div>
    </fieldset>
  );
}

function DateField(props: {
  field: "releaseDate" | "originalReleaseDate";
  label: string;
  hint: string;
  draft: DraftFields;
  issuesFor: IssuesFor;
  onChange: (update: Partial<DraftFields>) => void;
}) {
  const { field } = props;
  return (
    <TextField
      id={fieldDomId(field)}
      type="date"
      label={props.label}
      value={props.draft[field]}
      hint={hintWithWarnings(props.hint, props.issuesFor(field))}
      error={errorText(props.issuesFor(field))}
      onChange={(event) => props.onChange({ [field]: event.target.value })}
    />
  );
}
