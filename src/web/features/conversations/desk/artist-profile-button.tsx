import { useState } from "react";
import { UserRound, X } from "lucide-react";
import { useModalDialog } from "../../../lib/use-modal-dialog";
import type { ChatPeer } from "../../../../shared/chat";
import { ArtistProfile } from "./artist-profile";
import { iconButton } from "../components/icon-button";

/**
 * Below the wide layout there is no room for the profile pane beside the
 * conversation: the agent opens it from the header, as a modal <dialog>
 * (the browser traps focus, closes it with Escape and returns focus here).
 */
export function ArtistProfileButton({ artist }: { artist: ChatPeer }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={`${iconButton} ml-auto xl:hidden`}
        aria-label="Artist profile"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <UserRound aria-hidden="true" className="size-5" />
      </button>
      {open && <ProfileDialog artist={artist} onClose={() => setOpen(false)} />}
    </>
  );
}

function ProfileDialog({ artist, onClose }: { artist: ChatPeer; onClose: () => void }) {
  const ref = useModalDialog();
  return (
    <dialog
      ref={ref}
      aria-label={`Profile of ${artist.name}`}
      onClose={onClose}
      className="m-0 ml-auto h-dvh max-h-none w-full max-w-sm overflow-y-auto bg-white p-0 text-slate-900 backdrop:bg-black/60 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex justify-end border-b border-slate-200 p-2 dark:border-slate-800">
        <button
          type="button"
          className={iconButton}
          aria-label="Close artist profile"
          onClick={() => ref.current?.close()}
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <ArtistProfile artist={artist} inDialog />
    </dialog>
  );
}
