import {
  STATEMENT_ARTIST_ALIASES,
  STATEMENT_FIELDS,
  STATEMENT_HEADER_ALIASES,
  STATEMENT_TITLE_ALIASES,
} from "../../../shared/statement-fields";
import type { StatementMapping } from "../../../shared/statement-schemas";

/** A header as it is compared: lower-cased, spaces squeezed. */
const normal = (header: string) => header.trim().toLowerCase().replace(/\s+/g, " ");

/** The first header (not yet taken) that one of the names stands for. */
function headerFor(headers: readonly string[], names: readonly string[], taken: Set<string>) {
  for (const name of names) {
    const found = headers.find((h) => normal(h) === name && !taken.has(h));
    if (found !== undefined) return found;
  }
  return null;
}

/** The portal's proposal: a column for each field from the names the stores give them. */
export function proposeMapping(headers: readonly string[]): StatementMapping {
  const taken = new Set<string>();
  const mapping = {} as StatementMapping;
  for (const field of STATEMENT_FIELDS) {
    const header = headerFor(headers, STATEMENT_HEADER_ALIASES[field], taken);
    if (header !== null) taken.add(header);
    mapping[field] = header;
  }
  return mapping;
}

/** The file's own title and artist columns, shown beside an unmatched code. */
export function nameColumns(headers: readonly string[], mapping: StatementMapping) {
  const taken = new Set(Object.values(mapping).filter((h): h is string => h !== null));
  return {
    title: headerFor(headers, STATEMENT_TITLE_ALIASES, taken),
    artist: headerFor(headers, STATEMENT_ARTIST_ALIASES, taken),
  };
}
