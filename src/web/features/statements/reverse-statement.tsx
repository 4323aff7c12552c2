import { useState } from "react";
import { Undo2 } from "lucide-react";
import { Button } from "../../components/button";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useReverseStatement } from "./api/statement-actions";

/** Reverse statement: asks first, then posts the opposite of every entry of it. */
export function ReverseStatement({ id, fileName }: { id: string; fileName: string }) {
  const [asking, setAsking] = useState(false);
  const reverse = useReverseStatement(id);
  return (
    <>
      <Button variant="danger" className="self-start" onClick={() => setAsking(true)}>
        <Undo2 aria-hidden="true" className="size-4" />
        Reverse statement
      </Button>
      {asking && (
        <ReverseDialog
          fileName={fileName}
          reversing={reverse.isPending}
          error={reverse.error?.message ?? null}
          onConfirm={() => reverse.mutate(undefined, { onSuccess: () => setAsking(false) })}
          onClose={() => {
            setAsking(false);
            reverse.reset();
          }}
        />
      )}
    </>
  );
}

function ReverseDialog(props: {
  fileName: string;
  reversing: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog
      heading="Reverse this statement?"
      confirmLabel="Reverse statement"
      busy={props.reversing}
      error={props.error}
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    >
      Every credit of “{props.fileName}” is taken back from the artists&apos; wallets. The file can
      then be imported again.
    </ConfirmDialog>
  );
}
