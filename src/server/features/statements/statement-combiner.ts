import type { StatementLine } from "./statement-lines";

/*
 * Lines summed while they are read (issue 46's speed, decision 124): a
 * statement repeats its (code, store, country, month) groups, so lines of
 * one group are added up in memory, up to a bound, and only those partial
 * sums are staged for SQL to finish. A file of few groups stages a few
 * thousand rows instead of a million; a file of distinct groups stages as
 * many as it has lines, as before.
 */

/**
 * Part of a group, as staged: its lines' sums so far. Its code is an ISRC,
 * or a UPC (with no ISRC) for a release sale.
 */
export interface StagedGroup extends Pick<
  StatementLine,
  "isrc" | "upc" | "store" | "country" | "saleMonth" | "quantity"
> {
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

/**
 * Groups summed in memory at most (give or take a batch of lines): a few
 * hundred bytes each, and garbage once staged. With 65,536, a file of
 * distinct groups left 250 MB of drained groups for the collector.
 */
const MOST_GROUPS = 16_384;
/** Ids stay below this: a new value makes a new group, so there are fewer values than groups. */
const ID_SPAN = 2 ** 17;

/** Small numbers for the texts seen since the last drain, each text once. */
class Ids {
  private ids = new Map<string, number>();

  of(text: string): number {
    let id = this.ids.get(text);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(own(text), id);
    }
    return id;
  }
}

/**
 * A group being summed: its lines in the first line's currency are summed
 * as they were written and converted once, when drained (one multiplication
 * a group, not a line); lines in any other currency are converted as they come.
 */
interface GroupSum extends StagedGroup {
  currency: string;
  rate: bigint;
  amount: bigint;
}

/**
 * A line as the first of a group summed in memory, its money summed as
 * written; its texts are copied, as the group outlives the chunk they were
 * read from. One literal for every group: groups made by spreading a part
 * into a larger object made adding a line to them 5× dearer.
 */
function groupOf(line: StatementLine, rate: bigint): GroupSum {
  return {
    isrc: line.isrc === null ? null : own(line.isrc),
    // A line with an ISRC is the track's sale: its UPC plays no part in the group.
    upc: line.isrc === null && line.upc !== null ? own(line.upc) : null,
    store: own(line.store),
    country: own(line.country),
    saleMonth: own(line.saleMonth),
    quantity: line.quantity,
    lineCount: 1,
    rupeeUnits: 0n,
    title: line.title === null ? null : own(line.title),
    artist: line.artist === null ? null : own(line.artist),
    currency: line.currency,
    rate,
    amount: line.amount,
  };
}

/** Lines passed through, once a full drain found them summing to little, before summing is tried again. */
const PASS_LINES = 16 * MOST_GROUPS;

/**
 * Sums lines by group; `drain` hands the sums over and starts afresh. A
 * group is found by a number made of its fields' ids: hashing short cells
 * cost a third of what joining them into one text key did. Where the lines
 * are mostly groups of their own, summing them costs time and memory for
 * nothing (a full map of groups outlives many collections): after a full
 * drain of fewer than two lines a group, lines pass through as they come
 * for a while, each staged as a part of one line.
 */
export class LineCombiner {
  /**
   * @param pass stages a line passed through as a part of its own, at once:
   *   a part object kept until its chunk was staged was tenured with the
   *   cells it pointed at (HEAP_SAMPLE=1: 140 MB each of parts and cells
   *   only full collections freed, on a file of distinct groups).
   */
  constructor(private readonly pass: (line: StatementLine, rupeeUnits: bigint) => void) {}

  private groups = new Map<number, GroupSum>();
  private isrcs = new Ids();
  private upcs = new Ids();
  private stores = new Ids();
  private countries = new Ids();
  private months = new Ids();
  /** (store, country, month) ids → a place id. */
  private places = new Map<number, number>();
  /** Lines summed into `groups` since the last drain. */
  private summed = 0;
  /** Lines still to pass through before summing is tried again. */
  private passing = 0;

  get size(): number {
    return this.groups.size;
  }

  /** Whether to drain now: a file of distinct groups would otherwise be held whole. */
  get full(): boolean {
    return this.groups.size >= MOST_GROUPS;
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
    if (this.passing > 0) {
      this.passing -= 1;
      this.pass(line, line.amount * rate);
      return;
    }
    this.summed += 1;
    const key = this.keyOf(line);
    const group = this.groups.get(key);
    if (group === undefined) {
      this.groups.set(key, groupOf(line, rate));
      return;
    }
    group.quantity += line.quantity;
    group.lineCount += 1;
    if (line.currency === group.currency) group.amount += line.amount;
    else group.rupeeUnits += line.amount * rate;
    // The first title and artist the group's lines give (comparing every line's cost a tenth of the reading).
    if (group.title === null && line.title !== null) group.title = own(line.title);
    if (group.artist === null && line.artist !== null) group.artist = own(line.artist);
  }

  /** The groups summed so far, in the order first seen; the combiner is then empty. */
  drain(): StagedGroup[] {
    const parts: StagedGroup[] = [];
    for (const sum of this.groups.values()) {
      sum.rupeeUnits += sum.amount * sum.rate;
      parts.push(sum);
    }
    if (this.groups.size >= MOST_GROUPS && this.summed < 2 * this.groups.size) {
      this.passing = PASS_LINES;
    }
    this.summed = 0;
    this.groups = new Map();
    this.isrcs = new Ids();
    this.upcs = new Ids();
    this.stores = new Ids();
    this.countries = new Ids();
    this.months = new Ids();
    this.places = new Map();
    return parts;
  }
}
