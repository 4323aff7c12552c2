import type { StagedGroup } from "../features/statements/statement-combiner";

/** A staged part of a statement's group (one line of Spotify, India, Oct 2026 by default). */
export const stagedGroup = (fields: Partial<StagedGroup> = {}): StagedGroup => ({
  isrc: "INA1B2600001",
  upc: null,
  store: "Spotify",
  country: "IN",
  saleMonth: "2026-10",
  quantity: 1n,
  lineCount: 1,
  rupeeUnits: 0n,
  title: null,
  artist: null,
  ...fields,
});
