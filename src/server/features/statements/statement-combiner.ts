import type { StatementLine } from "./statement-lines";

/*
 * Lines summed while they are read (issue 46's speed, decision 124): a
 * statement repeats its (code, store, country, month) groups, so lines of
 * one group are added up in memory, up to a bound, and only those partial
 * sums are staged for SQL to finish. A file of few groups stages a few
 * thousand rows instead of a million; a file of distinct groups stages as
 * many as it has lines, as before.
 */

/** Part of a group, as staged: its lines' sums so far. */
export interface StagedGroup {
  /** The group's code: an ISRC, or a UPC (with no ISRC) for a release sale. */
  isrc: string | null;
  upc: string | null;
  store: string;
  country: string;
  saleMonth: string;
  quantity: bigint;
  lineCount: number;
  /** Σ net revenue × the currency's rate: exact rupees in units of 10⁻¹⁶, rounded later, once. */
  rupeeUnits: bigint;
  /** The first title and artist the lines gave (the grouping keeps the greatest of its parts'). */
  title: string | null;
  artist: string | null;
}

/**
 * A copy of a cell that holds nothing else: a cell is a slice of the text
 * chunk it was parsed from, and a kept slice would keep the whole chunk.
 */
const own = (text: string) => (" " + text).slice(1);
const ownOrNull = (text: string | null) => (text === null ? null : own(text));

/** The key of a group: its code and kind, store, country and month. */
export function groupKey(
  group: Pick<StagedGroup, "isrc" | "upc" | "store" | "country" | "saleMonth">,
) {
  const code = group.isrc === null ? `u\u0000${group.upc}` : `i\u0000${group.isrc}`;
  return `${code}\u0000${group.store}\u0000${group.country}\u0000${group.saleMonth}`;
}

/** Ids below 2^17: there are fewer distinct values than groups in memory (decision 124). */
const ID_SPAN = 2 ** 17;

/** Small numbers for the texts seen since the last drain, each text once. */
class Ids {
  private ids = new Map<string, number>();

  of(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(text, id);
    }
    return id;
  }
}

/**
 * Sums lines by group; `drain` hands the sums over and starts afresh. A
 * group is found by a number made of its fields' ids: hashing short cells
 * cost a third of what joining them into one text key did.
 */
export class LineCombiner {
  private groups = new Map<number, StagedGroup>();
  private isrcs = new Ids();
  private upcs = new Ids();
  private stores = new Ids();
  private countries = new Ids();
  private months = new Ids();
  /** (store, country, month) ids → a place id. */
  private places = new Map<number, number>();

  get size(): number {
    return this.groups.size;
  }

  /**
   * Whether to drain now: a bound on memory (a few hundred bytes a group)
   * for files of distinct groups. Each new value makes a new group, so ids
   * stay below ID_SPAN as long as a batch of lines is added past this.
   */
  get full(): boolean {
    return this.groups.size >= ID_SPAN / 2;
  }

  private keyOf(line: StatementLine): number {
    const placeKey =
      (this.stores.of(line.store) * ID_SPAN + this.countries.of(line.country)) * ID_SPAN +
      this.months.of(line.saleMonth);
    let place = this.places.get(placeKey);
    if (place === undefined) {
      place = this.places.size;
      this.places.set(placeKey, place);
    }
    const code =
      line.isrc === null ? this.upcs.of(line.upc ?? "") * 2 + 1 : this.isrcs.of(line.isrc) * 2;
    return code * ID_SPAN + place;
  }

  /** Adds a line at its currency's rate (10⁻⁶ rupees). */
  add(line: StatementLine, rate: bigint): void {
    const key = this.keyOf(line);
    const units = line.amount * rate;
    const group = this.groups.get(key);
    if (group === undefined) {
      this.groups.set(key, {
        isrc: ownOrNull(line.isrc),
        // A line with an ISRC is the track's sale: its UPC plays no part in the group.
        upc: line.isrc === null ? ownOrNull(line.upc) : null,
        store: own(line.store),
        country: own(line.country),
        saleMonth: own(line.saleMonth),
        quantity: line.quantity,
        lineCount: 1,
        rupeeUnits: units,
        title: ownOrNull(line.title),
        artist: ownOrNull(line.artist),
      });
      return;
    }
    group.quantity += line.quantity;
    group.lineCount += 1;
    group.rupeeUnits += units;
    // The first title and artist the group's lines give (comparing every line's cost a tenth of the reading).
    if (group.title === null && line.title !== null) group.title = own(line.title);
    if (group.artist === null && line.artist !== null) group.artist = own(line.artist);
  }

  /** The sums so far, in the order their groups were first seen; the combiner is then empty. */
  drain(): StagedGroup[] {
    const sums = [...this.groups.values()];
    this.groups = new Map();
    this.isrcs = new Ids();
    this.upcs = new Ids();
    this.stores = new Ids();
    this.countries = new Ids();
    this.months = new Ids();
    this.places = new Map();
    return sums;
  }
}
