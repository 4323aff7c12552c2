import { useState, type SyntheticEvent } from "react";
import type { FinanceArtist } from "../../../shared/responses/statements";
import { royaltyRateInputSchema } from "../../../shared/statement-schemas";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { useSaveRoyaltyRate } from "./api/desk-artists";

/** An artist's Royalty rate (%), with Save: it applies to statements imported after it. */
export function RoyaltyRateForm({ artist }: { artist: FinanceArtist }) {
  const [percent, setPercent] = useState(artist.royaltyPercent);
  const [error, setError] = useState<string | undefined>();
  const save = useSaveRoyaltyRate(artist.id);

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const parsed = royaltyRateInputSchema.safeParse({ percent });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    save.mutate(parsed.data);
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Royalty rate of ${artist.name}`}
      className="flex flex-wrap items-end gap-2"
    >
      <TextField
        label="Royalty rate (%)"
        inputMode="decimal"
        className="w-32"
        value={percent}
        error={error ?? (save.error?.message || undefined)}
        hint={artist.isDefaultRate ? "The default rate" : undefined}
        onChange={(event) => {
          setPercent(event.target.value);
          save.reset();
        }}
      />
      <Button type="submit" variant="secondary" disabled={save.isPending} className="mb-0.5">
        Save
      </Button>
      {save.isSuccess && (
        <span role="status" className="mb-3 text-sm text-green-700 dark:text-green-300">
          Saved
        </span>
      )}
    </form>
  );
}
