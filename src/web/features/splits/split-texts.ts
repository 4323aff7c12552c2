import type { MySplit, SplitAnswer } from "../../../shared/responses/splits";
import { formatPaise } from "../../../shared/money-format";

/** An invitation or a share, named as the wallet names its credits: `Rain Song · Kavya`. */
export const splitTitle = (split: MySplit) => `${split.trackTitle} · ${split.artistName}`;

/** `Kavya shares 40% of the earnings of Rain Song (Monsoon Sessions) with you.` */
export const invitationLine = (split: MySplit) =>
  `${split.artistName} shares ${split.share}% of the earnings of ${split.trackTitle} (${split.releaseTitle}) with you.`;

/** What an answer did, in a sentence for the page's status line. */
export function answeredLine(answer: SplitAnswer): string {
  const { share } = answer;
  const what = `${share.share}% of ${share.trackTitle} by ${share.artistName}`;
  if (share.state === "declined") return `You declined ${what}. It stays with ${share.artistName}.`;
  const moved =
    answer.movedPaise > 0 ? ` ${formatPaise(answer.movedPaise)} moved to your wallet.` : "";
  return `You accepted ${what}.${moved}`;
}
