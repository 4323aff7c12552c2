import { useId, useState } from "react";
import { awayLabel, utcDay } from "../../../shared/availability";
import { Button } from "../../components/button";
import { Switch } from "../../components/switch";
import { TextField } from "../../components/text-field";
import { useOwnAvailability, useSetAvailability } from "./api/availability";

/** Agents: Away (with an optional return date) or available; artists see it live. */
export function AvailabilitySetting() {
  const own = useOwnAvailability();
  if (own.isPending) return <p className="px-4 py-3.5 text-sm">Loading…</p>;
  if (own.isError) return <p className="px-4 py-3.5 text-sm">Availability could not be loaded.</p>;
  return <AvailabilityForm initialAway={own.data.away} initialUntil={own.data.until ?? ""} />;
}

function AvailabilityForm({
  initialAway,
  initialUntil,
}: {
  initialAway: boolean;
  initialUntil: string;
}) {
  const [away, setAway] = useState(initialAway);
  const [until, setUntil] = useState(initialUntil);
  const [saved, setSaved] = useState("");
  const set = useSetAvailability();
  const labelId = useId();
  // The earliest return date the server accepts, as of opening the page.
  const [tomorrow] = useState(() => utcDay(Date.now() + 86_400_000));
  return (
    <form
      className="flex flex-col gap-3 px-4 py-3.5"
      onSubmit={(event) => {
        event.preventDefault();
        set.mutate(
          { away, until: away && until ? until : null },
          {
            onSuccess: (result) =>
              setSaved(
                result.away
                  ? `Saved. Artists see “${awayLabel(result.until)}”.`
                  : "Saved. You're available.",
              ),
          },
        );
      }}
    >
      <div className="flex items-center gap-3">
        <span id={labelId} className="flex-1">
          Away
        </span>
        <Switch on={away} onToggle={() => setAway(!away)} labelledBy={labelId} />
      </div>
      {away && (
        <TextField
          label="Return date (optional)"
          type="date"
          min={tomorrow}
          value={until}
          onChange={(e) => setUntil(e.target.value)}
        />
      )}
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={set.isPending}>
          Save availability
        </Button>
        <p role="status" className="text-sm">
          {set.isError ? set.error.message : saved}
        </p>
      </div>
    </form>
  );
}
