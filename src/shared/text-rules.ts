import { plainString } from "./plain-text";

/**
 * What a line of text may not hold (issue 45): line breaks (a title with
 * "\r\nBcc: …"), other C0 and C1 controls, DEL, and the Unicode line and
 * paragraph separators. Stores refuse such metadata, and a line breaks
 * wherever it is shown or sent. Multi-line text (lyrics, an agent's note)
 * keeps its line breaks and refuses the rest.
 */
// Matching controls is the point here.
// eslint-disable-next-line no-control-regex
const LINE_BREAK_OR_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
// eslint-disable-next-line no-control-regex
const CONTROL_NOT_LINE_BREAK = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029]/u;

export const oneLineMessage = (label: string) =>
  `${label} cannot contain line breaks or control characters.`;
export const multiLineMessage = (label: string) =>
  `${label} cannot contain control characters (line breaks are fine).`;

/** Whether `value` is one line of printable text. */
export const isOneLine = (value: string): boolean => !LINE_BREAK_OR_CONTROL.test(value);

/** Whether `value` holds printable text and line breaks only. */
export const isPrintableLines = (value: string): boolean => !CONTROL_NOT_LINE_BREAK.test(value);

/** A trimmed line of text: refused, naming the field, when it holds a line break or a control. */
export function oneLineText(label: string, params?: Parameters<typeof plainString>[0]) {
  return plainString(params).trim().refine(isOneLine, oneLineMessage(label));
}

/** Trimmed text of several lines: refused, naming the field, when it holds a control. */
export function multiLineText(label: string, params?: Parameters<typeof plainString>[0]) {
  return plainString(params).trim().refine(isPrintableLines, multiLineMessage(label));
}
