/**
 * The fields of a store statement the portal reads (issue 46), the names
 * the big distributors' and stores' reports give their columns, and the
 * stores a whole file can be said to come from.
 */
export const STATEMENT_FIELDS = [
  "isrc",
  "upc",
  "store",
  "country",
  "saleMonth",
  "quantity",
  "netRevenue",
  "currency",
] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];

/** Each field's select label on the page, exactly. */
export const STATEMENT_FIELD_LABELS: Record<StatementField, string> = {
  isrc: "ISRC",
  upc: "UPC",
  store: "Store",
  country: "Country",
  saleMonth: "Sale month",
  quantity: "Quantity",
  netRevenue: "Net revenue",
  currency: "Currency",
};

/** Header names each field is recognised by (compared lower-cased, spaces squeezed). */
export const STATEMENT_HEADER_ALIASES: Record<StatementField, readonly string[]> = {
  isrc: ["isrc", "optional isrc", "track isrc", "isrc code"],
  upc: ["upc", "ean", "upc/ean", "product upc", "release upc", "barcode"],
  store: ["platform", "store", "store name", "dsp", "service", "retailer", "channel"],
  country: [
    "country",
    "country of sale",
    "country / region",
    "country/region",
    "territory",
    "sale country",
  ],
  saleMonth: [
    "sales month",
    "sale month",
    "sales period",
    "period",
    "reporting month",
    "month",
    "sale date",
  ],
  quantity: ["quantity", "units", "# units sold", "streams", "unit count", "qty"],
  netRevenue: [
    "net revenue",
    "net payable",
    "total earned",
    "earnings (usd)",
    "payable",
    "net amount",
    "royalty",
    "revenue",
    "earnings",
  ],
  currency: [
    "currency",
    "net sales currency",
    "client payment currency",
    "payment currency",
    "currency code",
  ],
};

/** Optional columns read to name an unmatched code on the statement's page. */
export const STATEMENT_TITLE_ALIASES = ["track title", "title", "song title", "track", "song"];
export const STATEMENT_ARTIST_ALIASES = ["artist", "artist name", "track artist", "release artist"];

/** The stores a whole file can come from (the select's options, in order). */
export const STATEMENT_STORES = [
  "Spotify",
  "Apple Music",
  "YouTube Music",
  "Amazon Music",
  "JioSaavn",
  "Gaana",
  "Wynk Music",
  "Other",
] as const;
export type StatementStore = (typeof STATEMENT_STORES)[number];

/** The select option meaning "this field is not a column of the file". */
export const NOT_IN_FILE_LABEL = "Not in this file";

/** The file types a statement may be (the input's accept, and the server's check). */
export const STATEMENT_FILE_ACCEPT = ".csv,.tsv,.txt,.gz";

/** Upload purpose name for statement files (tus metadata `purpose`). */
export const STATEMENT_PURPOSE = "statement";
