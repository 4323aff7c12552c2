import { MessageCircle } from "lucide-react";
import { useSession } from "../../lib/auth/session";

/** The right pane before a conversation is chosen (wide screens only). */
export default function ChatHome() {
  const { data: user } = useSession();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-slate-600 dark:text-slate-300">
      <MessageCircle aria-hidden="true" className="size-12" />
      <p>
        {user?.admin
          ? "Select a conversation to start chatting."
          : "Select a support staff member to start chatting."}
      </p>
    </div>
  );
}
