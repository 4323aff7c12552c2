import { trackDisplayTitle } from "../../../shared/release-format";
import type { MySplit, SplitCollaborator } from "../../../shared/responses/splits";
import { percentText } from "../../../shared/basis-points";
import { splitMessages as m } from "../../../shared/split-messages";
import type { SplitShareState } from "../../../shared/split-schemas";
import { displayName } from "../../../shared/user";
import type { SplitShareRow } from "./split-repository";

/** The rows of splits as the pages show them (issue 47, section 1). */

export const shareState = (state: string) => state as SplitShareState;

/** One row of the artist's Splits section. */
export function collaboratorView(row: SplitShareRow, heldPaise: number): SplitCollaborator {
  const invited = row.state === "invited";
  return {
    id: row.id,
    email: row.email,
    shareBasisPoints: row.basisPoints,
    share: percentText(row.basisPoints),
    state: shareState(row.state),
    invitedAt: row.invitedAt,
    expiresAt: row.expiresAt,
    answeredAt: row.answeredAt,
    heldPaise: invited ? heldPaise : 0,
    heldLine: invited ? m.heldFor(row.email) : null,
  };
}

/** A share with the names of its artist, release and track (left joins: a gone track reads empty). */
export interface NamedShareRow extends SplitShareRow {
  trackTitle: string | null;
  trackVersion: string | null;
  releaseTitle: string | null;
  artistName: string | null;
  username: string | null;
}

export const artistNameOf = (row: Pick<NamedShareRow, "artistName" | "username">) =>
  displayName({ artistName: row.artistName ?? "", username: row.username ?? "" });

export const trackTitleOf = (row: Pick<NamedShareRow, "trackTitle" | "trackVersion">) =>
  trackDisplayTitle({ title: row.trackTitle ?? "", version: row.trackVersion ?? "" });

/** A share as its collaborator sees it. */
export function mySplitView(row: NamedShareRow, heldPaise: number, creditedPaise: number): MySplit {
  return {
    id: row.id,
    state: shareState(row.state),
    artistName: artistNameOf(row),
    releaseTitle: row.releaseTitle ?? "",
    trackTitle: trackTitleOf(row),
    shareBasisPoints: row.basisPoints,
    share: percentText(row.basisPoints),
    invitedAt: row.invitedAt,
    expiresAt: row.expiresAt,
    answeredAt: row.answeredAt,
    heldPaise: row.state === "invited" ? heldPaise : 0,
    creditedPaise: row.state === "accepted" ? creditedPaise : 0,
  };
}
