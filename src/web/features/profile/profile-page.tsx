import type { ReactNode } from "react";
import { invalidLinkMessage, normalizeLink, type LinkProvider } from "../../../shared/links";
import {
  ARTIST_NAME_SAVE_FAILED_MESSAGE,
  ARTIST_NAME_SAVED_MESSAGE,
  BIO_SAVE_FAILED_MESSAGE,
  BIO_SAVED_MESSAGE,
  PROFILE_LOAD_FAILED_MESSAGE,
  linkSaveFailedMessage,
  linkSavedMessage,
} from "../../../shared/profile-messages";
import { BIO_ROWS, type ProfileField } from "../../../shared/profile-schemas";
import { Alert } from "../../components/alert";
import { Spinner } from "../../components/spinner";
import { SubPage } from "../../components/sub-page";
import { useSession } from "../../lib/auth/session";
import { displayName } from "../../../shared/user";
import { EditableField } from "./editable-field";
import { ProfilePictureSection } from "./profile-picture-section";

const required = (draft: string) => ({ value: draft.trim() });

/** The spec's link rule, run in the browser before the server runs it again. */
const linkRule = (provider: LinkProvider) => (draft: string) => {
  const value = normalizeLink(draft);
  return value === null ? { error: invalidLinkMessage(provider) } : { value };
};

const links: { field: ProfileField & `${string}Url`; provider: LinkProvider; label: string }[] = [
  { field: "spotifyUrl", provider: "Spotify", label: "Spotify link" },
  { field: "appleMusicUrl", provider: "Apple Music", label: "Apple Music link" },
  { field: "youtubeUrl", provider: "Youtube", label: "YouTube link" },
];

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-5 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function ArtistAccountPage() {
  const { data: user, isError, isPending } = useSession();

  return (
    <SubPage title="Artist Account" backTo="/settings" backLabel="Back to settings">
      <div className="flex flex-col gap-6">
        {isError && <Alert tone="error">{PROFILE_LOAD_FAILED_MESSAGE}</Alert>}
        {isPending && <Spinner />}
        {user && (
          <>
            <Card title="Profile picture">
              <ProfilePictureSection name={displayName(user)} saved={user.profilePicture} />
            </Card>
            <Card title="Profile">
              <EditableField
                field="artistName"
                label="Artist name"
                saved={user.artistName}
                allowEmpty={false}
                prepare={required}
                successMessage={ARTIST_NAME_SAVED_MESSAGE}
                failureMessage={ARTIST_NAME_SAVE_FAILED_MESSAGE}
              />
              <EditableField
                field="bio"
                label="Bio"
                saved={user.bio}
                multiline
                rows={BIO_ROWS}
                placeholder="Tell listeners about your music"
                allowEmpty={false}
                prepare={required}
                successMessage={BIO_SAVED_MESSAGE}
                failureMessage={BIO_SAVE_FAILED_MESSAGE}
              />
            </Card>
            <Card title="Links">
              {links.map((link) => (
                <EditableField
                  key={link.field}
                  field={link.field}
                  label={link.label}
                  subject={link.label}
                  saved={user[link.field]}
                  inputType="url"
                  placeholder="https://"
                  allowEmpty
                  prepare={linkRule(link.provider)}
                  successMessage={linkSavedMessage(link.provider)}
                  failureMessage={linkSaveFailedMessage(link.provider)}
                  showServerValidation
                />
              ))}
            </Card>
          </>
        )}
      </div>
    </SubPage>
  );
}
