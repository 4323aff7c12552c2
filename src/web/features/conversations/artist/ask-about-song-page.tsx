import { useQuery } from "@tanstack/react-query";
import { Navigate, useMatch, useParams } from "react-router";
import { Spinner } from "../../../components/spinner";
import { useSession } from "../../../lib/auth/session";
import { fetchContacts } from "../api/get-contacts";
import {
  agentPlaceOf,
  askDestination,
  askReleaseDestination,
  withReleaseReference,
  withSongReference,
} from "../ask/song-reference";

/**
 * /song/{id}/ask: "Ask about this song" from the song detail, and
 * /releases/{id}/ask: "Ask about this release" from the release page (one
 * screen for both, so the second route adds next to nothing to the app's
 * first bundle). Goes on to the conversation with the agent the artist
 * talked to last, or to the agent list when there is none; either way the
 * song or release rides along in the URL.
 */
export default function AskAboutSongPage() {
  const { id = "" } = useParams();
  const release = useMatch("/releases/:id/ask") !== null;
  const { data: user } = useSession();
  // Fresh, not the list's cached copy: the artist may have just written to someone.
  const contacts = useQuery({
    queryKey: ["chat", "ask-destination", release ? "release" : "song", id],
    queryFn: () => fetchContacts(""),
    enabled: user?.admin === false,
    gcTime: 0,
  });
  // Agents keep songs and releases on the desk; they have no one to ask.
  if (user?.admin) return <Navigate to={agentPlaceOf(release ? "release" : "song", id)} replace />;
  const withReference = release ? withReleaseReference : withSongReference;
  if (contacts.isError) return <Navigate to={withReference("/", id)} replace />;
  if (!contacts.data) return <Spinner label="Opening the conversation…" className="flex-1 p-6" />;
  const destination = release ? askReleaseDestination : askDestination;
  return <Navigate to={destination(contacts.data, id)} replace />;
}
