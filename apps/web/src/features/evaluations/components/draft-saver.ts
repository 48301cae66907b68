import type { TAnswer } from '@hxk/contracts/templates';

export type Draft = { answers: Record<string, TAnswer>; comment: string };

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'offline' }
  | { kind: 'failed'; message: string; errorKey: string };

export type SaverOptions = {
  /** Sends the draft; resolves with the server's updatedAt. */
  send: (draft: Draft) => Promise<{ updatedAt: string }>;
  /** Keeps the draft in the browser at once (localStorage). */
  keep: (draft: Draft) => void;
  /** A failure that asking again will not fix (the server refused it): saving stops. Null: retry. */
  refusal: (e: unknown) => { message: string; errorKey: string } | null;
  onState: (s: SaveState) => void;
  debounceMs?: number;
  retryMs?: number;
};

/**
 * Saves a draft as it changes: every change is kept locally at once and sent after a quiet moment
 * (one request at a time; changes made meanwhile follow). A dropped connection reports "offline"
 * and retries; a refusal stops it. Plain object (no React), so its timing is tested directly.
 */
export class DraftSaver {
  private latest: Draft | null = null;
  private version = 0;
  private savedVersion = 0;
  private inFlight: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private state: SaveState = { kind: 'idle' };
  private readonly debounceMs: number;
  private readonly retryMs: number;

  constructor(private readonly opts: SaverOptions) {
    this.debounceMs = opts.debounceMs ?? 800;
    this.retryMs = opts.retryMs ?? 5000;
  }

  /** Whether some change has not reached the server yet. */
  get unsaved(): boolean {
    return this.version !== this.savedVersion;
  }

  change(draft: Draft): void {
    this.latest = draft;
    this.version += 1;
    this.opts.keep(draft);
    if (this.stopped) return;
    if (this.state.kind !== 'offline' && this.state.kind !== 'saving') this.set({ kind: 'pending' });
    if (!this.inFlight) this.schedule(this.debounceMs);
  }

  /** Sends what is unsaved now (or joins the request on its way). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    if (this.inFlight) return this.inFlight;
    const draft = this.latest;
    if (!draft || this.stopped || !this.unsaved) return Promise.resolve();
    const v = this.version;
    let failed = false;
    this.set({ kind: 'saving' });
    const run = this.opts
      .send(draft)
      .then((r) => {
        this.savedVersion = v;
        this.set(this.version === v ? { kind: 'saved', at: r.updatedAt } : { kind: 'pending' });
      })
      .catch((e: unknown) => {
        failed = true;
        const refusal = this.opts.refusal(e);
        if (refusal) {
          this.stopped = true;
          this.set({ kind: 'failed', ...refusal });
        } else this.set({ kind: 'offline' });
      })
      .finally(() => {
        this.inFlight = null;
        if (!this.stopped && this.unsaved) this.schedule(failed ? this.retryMs : this.debounceMs);
      });
    this.inFlight = run;
    return run;
  }

  /** Stops saving (before a submission), once any request on its way has ended. */
  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.stopped = true;
    await this.inFlight;
  }

  /** Saves again (after a refused submission). */
  resume(): void {
    this.stopped = false;
    if (this.state.kind === 'failed') this.set(this.unsaved ? { kind: 'pending' } : { kind: 'idle' });
    if (this.unsaved) this.schedule(this.debounceMs);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.flush(), ms);
  }

  private set(s: SaveState): void {
    this.state = s;
    this.opts.onState(s);
  }
}
