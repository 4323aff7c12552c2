import { displayName } from "../../../shared/user";
import { useSession } from "../auth/api/session";

/** Index of the shell until the chat list takes its place. */
export default function HomePage() {
  const { data: user } = useSession();
  if (!user) return null;
  return (
    <div className="mx-auto w-full max-w-2xl p-6">
      <h1 className="text-2xl font-bold">Welcome, {displayName(user)}</h1>
    </div>
  );
}
