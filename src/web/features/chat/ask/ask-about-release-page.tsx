import { useQuery } from "@tanstack/react-query";
import { Navigate, useParams } from "react-router";
import { Spinner } from "../../../components/spinner";
import { useSession } from "../../../lib/auth/session";
import { fetchContacts } from "../api/get-contacts";
import { askReleaseDestination, withReleaseReference } from "./release-reference";

/**
 * /releases/{id}/ask: "Ask about this release" from the release page, as
 * "Ask about this song" (ask-about-song-page.tsx): the last agent's
 * conversation, or the agent list, with the release in the URL.
 */
export default function AskAboutReleasePage() {
  const { id = "" } = useParams();
  const { data: user } = useSession();
  // Fresh, not the list's cached copy: the artist may have just written to someone.
  const contacts = useQuery({
    queryKey: ["chat", "ask-destination", "release", id],
    queryFn: () => fetchContacts(""),
    enabled: user?.admin === false,
    gcTime: 0,
  });
  // Agents review releases on the desk; they have no one to ask.
  if (user?.admin) return <Navigate to={`/releases/${encodeURIComponent(id)}`} replace />;
  if (contacts.isError) return <Navigate to={withReleaseReference("/", id)} replace />;
  if (!contacts.data) return <Spinner label="Opening the conversation…" className="flex-1 p-6" />;
  return <Navigate to={askReleaseDestination(contacts.data, id)} replace />;
}
