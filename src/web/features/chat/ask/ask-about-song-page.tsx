import { useQuery } from "@tanstack/react-query";
import { Navigate, useParams } from "react-router";
import { Spinner } from "../../../components/spinner";
import { useSession } from "../../../lib/auth/session";
import { fetchContacts } from "../api/get-contacts";
import { askDestination, withSongReference } from "./song-reference";

/**
 * /song/{id}/ask: "Ask about this song" from the song detail. Goes on to the
 * conversation with the agent the artist talked to last, or to the agent list
 * when there is none; either way the song rides along in the URL.
 */
export default function AskAboutSongPage() {
  const { id = "" } = useParams();
  const { data: user } = useSession();
  // Fresh, not the list's cached copy: the artist may have just written to someone.
  const contacts = useQuery({
    queryKey: ["chat", "ask-destination", id],
    queryFn: () => fetchContacts(""),
    enabled: user?.admin === false,
    gcTime: 0,
  });
  // Agents keep songs on the desk; they have no one to ask.
  if (user?.admin) return <Navigate to={`/desk/songs/${encodeURIComponent(id)}`} replace />;
  if (contacts.isError) return <Navigate to={withSongReference("/", id)} replace />;
  if (!contacts.data) return <Spinner label="Opening the conversation…" className="flex-1 p-6" />;
  return <Navigate to={askDestination(contacts.data, id)} replace />;
}
