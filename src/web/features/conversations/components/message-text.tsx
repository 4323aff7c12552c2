import { Fragment } from "react";
import { linkify } from "../../../../shared/linkify";
import { highlightRanges } from "../../../../shared/message-search";

/** A piece of text with the searched words marked. */
function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  const ranges = highlightRanges(text, terms);
  if (ranges.length === 0) return text;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-amber-200 text-slate-950">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/**
 * A message's text: web addresses (http, https, www.) open in a new tab
 * without handing the portal to the opened page; nothing else becomes a link
 * or markup, since React renders every other character as text. Long
 * addresses wrap anywhere, so a bubble never gets wider than the screen.
 */
export function MessageText({
  text,
  terms,
  own,
}: {
  text: string;
  terms: readonly string[];
  own: boolean;
}) {
  return (
    <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">
      {linkify(text).map((segment, i) =>
        segment.kind === "text" ? (
          <Fragment key={i}>
            <Highlighted text={segment.text} terms={terms} />
          </Fragment>
        ) : (
          <a
            key={i}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer"
            className={`underline underline-offset-2 ${own ? "text-white" : "text-indigo-800 dark:text-indigo-200"}`}
          >
            <Highlighted text={segment.text} terms={terms} />
          </a>
        ),
      )}
    </p>
  );
}
