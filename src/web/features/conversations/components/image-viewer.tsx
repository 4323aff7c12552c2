import { X } from "lucide-react";
import { useModalDialog } from "../../../lib/use-modal-dialog";

/**
 * Full-size image in a modal <dialog>: the browser traps focus, closes it
 * with Escape and returns focus to the image that opened it.
 */
export function ImageViewer({
  src,
  name,
  onClose,
}: {
  src: string;
  name: string;
  onClose: () => void;
}) {
  const ref = useModalDialog();
  return (
    <dialog
      ref={ref}
      aria-label={`Image: ${name}`}
      onClose={onClose}
      className="m-auto max-h-none max-w-none bg-transparent p-0 backdrop:bg-black/80"
    >
      <div className="flex max-h-dvh max-w-[100vw] flex-col items-end gap-2 p-4">
        <button
          type="button"
          onClick={() => ref.current?.close()}
          aria-label="Close image viewer"
          className="flex size-10 items-center justify-center rounded-full bg-white text-slate-900 hover:bg-slate-200"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
        <img src={src} alt={name} className="max-h-[85dvh] max-w-full rounded-lg object-contain" />
      </div>
    </dialog>
  );
}
