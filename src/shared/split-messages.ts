import { percentText } from "./basis-points";

/** Every sentence of splits (issue 47, section 1), quoted exactly where the issue names it. */
export const splitMessages = {
  sharesOver100: "Shares must add up to 100%.",
  appliesFromNow: "Applies to earnings imported from now on.",
  /** A split is a track's: sales a store reports for the release alone (a UPC, no ISRC) are not split. */
  releaseWideStays:
    "Earnings a store reports for the whole release (by UPC, without a track's ISRC) stay yours.",
  /** `Held for priya@example.com until they accept` */
  heldFor: (email: string) => `Held for ${email} until they accept`,
  share: "Enter a share above 0% with at most 2 decimals, like 40 or 12.5.",
  tooMany: (max: number) => `Add up to ${max} collaborators.`,
  duplicate: (email: string) => `${email} is listed twice.`,
  notYourself: "You cannot add yourself as a collaborator.",
  trackNotFound: "This track does not exist.",
  /** 409: two saves of one track crossed; the page reloads the splits. */
  savedMeanwhile: "These splits were changed meanwhile. Reload them and save again.",
  artistsOnly: "Splits are for artists only.",
  notFound: "This invitation does not exist.",
  notForYou: "This invitation was sent to another email address.",
  /** 409: accepting or declining what is no longer invited. */
  alreadyAnswered: (state: string) => `This invitation was already ${state}.`,
  expired: "This invitation has expired.",
  inviteSubject: (artistName: string, trackTitle: string) =>
    `${artistName} shares the earnings of ${trackTitle} with you`,
  /** The wallet transaction of an accepted share's held money and of its later credits. */
  transaction: (trackTitle: string, artistName: string) => `Split · ${trackTitle} · ${artistName}`,
  /** The artist's wallet line when held money came back (declined, expired, removed). */
  returned: (trackTitle: string, email: string) => `Split returned · ${trackTitle} · ${email}`,
} as const;

/** `You: 60%`: the artist's own share, what the collaborators leave. */
export function yourShareLine(basisPoints: number): string {
  return `You: ${percentText(basisPoints)}%`;
}
