import type { ReactElement } from "react";

/**
 * One template, both parts: the HTML and the plain text derived from the same
 * tree. The renderer loads with the first mail, not at start-up.
 */
export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const { render } = await import("@react-email/render");
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
