import { MESSAGE_MAX_LENGTH } from "../../../../shared/chat";
import { numberFormat } from "../../../../shared/intl-formats";

/** The counter appears from here on: early enough to trim before the limit. */
export const COUNTER_FROM = MESSAGE_MAX_LENGTH - 500;

const count = () => numberFormat("en-US");

export interface MessageLength {
  /** "3,650 / 4,000", or null while the text is far from the limit. */
  counter: string | null;
  /** Why the text cannot be sent as it is, or null. */
  tooLong: string | null;
}

/**
 * What the composer says about a text's length. A long paste is kept whole
 * and refused with the number to cut, never cut silently (the server refuses
 * more than MESSAGE_MAX_LENGTH as well).
 */
export function messageLength(text: string, max = MESSAGE_MAX_LENGTH): MessageLength {
  const length = text.length;
  const counter = length >= max - 500 ? `${count().format(length)} / ${count().format(max)}` : null;
  const over = length - max;
  const tooLong =
    over > 0
      ? `This message is ${count().format(over)} ${over === 1 ? "character" : "characters"} too long. A message can have at most ${count().format(max)} characters: shorten it or send it in parts.`
      : null;
  return { counter, tooLong };
}
