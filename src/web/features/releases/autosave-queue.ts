/** What the autosave line says (save-status.tsx). */
export type SaveStatus =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved" }
  /** Not saved; the next change (or Try again) sends the draft again. */
  | { kind: "error"; message: string }
  /** Another tab saved first, or the release left draft: nothing is sent until a reload. */
  | { kind: "conflict"; message: string };

/** The edits not saved yet (`AutosaveQueue.unsavedSnapshot`). */
export interface UnsavedSnapshot<D> {
  draft: D;
  /** The server's version the draft was edited from. */
  version: number;
  /** Sent from `version` with no answer yet (or the answer was lost). */
  sent: D | null;
}

export interface AutosaveHooks<D, A extends { version: number }> {
  delayMs: number;
  save: (draft: D, version: number) => Promise<A>;
  /** A refusal's status: a conflict stops saving, anything else waits for the next change. */
  failure: (error: unknown) => Extract<SaveStatus, { kind: "error" | "conflict" }>;
  onStatus: (status: SaveStatus) => void;
  onSaved: (answer: A) => void;
}

/**
 * The order of the saves, without React: the whole draft with the version it
 * was edited from, `delayMs` after the last change, one save at a time (a
 * change made while one is on its way is sent after it, from the version
 * that save answered). A conflict stops it: the edits stay, nothing more is
 * sent (the artist reloads).
 */
export class AutosaveQueue<D, A extends { version: number }> {
  private edits = 0;
  private savedEdits = 0;
  private sending = false;
  private stopped = false;
  /** The draft last sent and not acknowledged: a lost answer may still have saved it. */
  private sent: D | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly hooks: AutosaveHooks<D, A>,
    private draft: D,
    private version: number,
  ) {}

  /** The draft as the last change left it (what the next save sends). */
  get currentDraft(): D {
    return this.draft;
  }

  get currentVersion(): number {
    return this.version;
  }

  /** Whether a change is not saved yet (waiting, or on its way). */
  get unsaved(): boolean {
    return this.sending || this.edits !== this.savedEdits;
  }

  /**
   * What a reload would lose, kept in the browser (kept-draft): the draft,
   * the version it was edited from and the draft last sent without an
   * answer; null once every change is saved.
   */
  get unsavedSnapshot(): UnsavedSnapshot<D> | null {
    if (this.edits === this.savedEdits) return null;
    return { draft: this.draft, version: this.version, sent: this.sent };
  }

  change(next: D): void {
    this.draft = next;
    this.edits += 1;
    if (this.stopped) return;
    // Said at once: until the answer, the change is not saved (Submit waits).
    this.hooks.onStatus({ kind: "saving" });
    this.schedule();
  }

  /** Sends what is not saved yet, now. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    if (this.sending || this.stopped || !this.unsaved) return;
    this.sending = true;
    const sentEdits = this.edits;
    this.sent = this.draft;
    this.hooks.onStatus({ kind: "saving" });
    try {
      const answer = await this.hooks.save(this.draft, this.version);
      this.version = answer.version;
      this.savedEdits = sentEdits;
      this.sent = null;
      this.hooks.onSaved(answer);
      this.hooks.onStatus(sentEdits === this.edits ? { kind: "saved" } : { kind: "saving" });
    } catch (error) {
      const status = this.hooks.failure(error);
      if (status.kind === "conflict") this.stopped = true;
      this.hooks.onStatus(status);
      this.sending = false;
      return;
    }
    this.sending = false;
    // Changes made while this save was on its way.
    if (this.edits !== this.savedEdits) this.schedule();
  }

  /** A newer release from elsewhere: taken only while nothing waits to be saved. */
  adopt(version: number, draft: D): boolean {
    if (version <= this.version || this.unsaved) return false;
    this.version = version;
    this.draft = draft;
    return true;
  }

  /** The server moved the release on (submit, withdraw): its answer's version is the base now. */
  rebase(version: number): void {
    this.version = version;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), this.hooks.delayMs);
  }
}
