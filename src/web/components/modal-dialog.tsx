import { createContext, useContext, useId, type ReactNode } from "react";
import { useModalDialog } from "../lib/use-modal-dialog";
import { Button } from "./button";

const WIDTH = {
  md: "max-w-md",
  lg: "max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto",
};

const CloseDialog = createContext<() => void>(() => undefined);

/** Closes the dialog around it the way Escape does (its onClose follows). */
export function useCloseDialog(): () => void {
  return useContext(CloseDialog);
}

/**
 * The frame every dialog of the portal shares: a modal <dialog> shown on
 * mount (focus stays inside, Escape closes it, focus returns to what opened
 * it), named by its heading.
 */
export function ModalDialog(props: {
  heading: string;
  onClose: () => void;
  size?: keyof typeof WIDTH;
  children: ReactNode;
}) {
  const ref = useModalDialog();
  const headingId = useId();
  const close = () => ref.current?.close();
  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      onClose={props.onClose}
      className={`m-auto w-[calc(100%-2rem)] ${WIDTH[props.size ?? "md"]} rounded-xl bg-white p-6 text-slate-900 backdrop:bg-black/60 dark:bg-slate-900 dark:text-slate-100`}
    >
      <h2 id={headingId} className="text-lg font-semibold break-words">
        {props.heading}
      </h2>
      <CloseDialog value={close}>{props.children}</CloseDialog>
    </dialog>
  );
}

/** A dialog's last row: Cancel (closes it), then its own buttons. */
export function DialogActions(props: { className?: string; children: ReactNode }) {
  const close = useCloseDialog();
  return (
    <div className={`flex flex-wrap justify-end gap-2 ${props.className ?? ""}`}>
      <Button variant="secondary" onClick={close}>
        Cancel
      </Button>
      {props.children}
    </div>
  );
}
