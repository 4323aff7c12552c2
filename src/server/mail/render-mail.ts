import type { ReactElement } from "react";
import { render } from "@react-email/render";

/** One template, both parts: the HTML and the plain text derived from the same tree. */
export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
