import type { ReactElement } from "react";

/**
 * One template, both parts: the HTML and the plain text derived from it.
 * The tree is rendered once; the text is converted from that HTML, as
 * React Email's own `plainText` option does after rendering again (a render
 * was most of a mail's cost). The renderer loads with the first mail, not at
 * start-up.
 */
export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const { render, toPlainText } = await import("@react-email/render");
  const html = await render(element);
  return { html, text: toPlainText(html) };
}
