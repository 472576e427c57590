/**
 * Keeps one slice of the state in storage: restores it once at start, then writes every change in
 * order. What was logged while storage was read is merged by the slice's own `restored` event and
 * written with it.
 */
import type { AppEvent, AppState } from "../../state/app";
import type { Store } from "../observable-store";

export interface SliceStorage<T> {
  load(): Promise<T>;
  save(value: T): Promise<void>;
}

export interface Slice<T> {
  /** Named in the log's words ("the action log"). */
  name: string;
  select(state: AppState): T;
  /** What storage held is worth restoring. */
  worthRestoring(stored: T): boolean;
  restoredEvent(stored: T): AppEvent;
  /** Nothing storage keeps differs between these two values (default: they are the same object). */
  sameStored?(written: T, now: T): boolean;
}

export class SlicePersistence<T> {
  private written: T;
  private restoring = true;
  private chain: Promise<void> = Promise.resolve();
  /** Settles once the stored value is back in the state (or could not be read). */
  readonly restored: Promise<void>;

  constructor(
    private readonly store: Store<AppState, AppEvent>,
    private readonly storage: SliceStorage<T>,
    private readonly slice: Slice<T>,
    private readonly log?: (message: string, detail?: unknown) => void,
  ) {
    this.written = slice.select(store.get());
    store.subscribe((state) => {
      const now = slice.select(state);
      if (!this.restoring && now !== this.written && !slice.sameStored?.(this.written, now)) this.write(now);
    });
    this.restored = storage.load().then(
      (stored) => {
        this.restoring = false;
        if (slice.worthRestoring(stored)) store.dispatch(slice.restoredEvent(stored));
        const now = slice.select(this.store.get());
        if (now !== this.written) this.write(now);
      },
      (e) => {
        this.restoring = false;
        log?.(`could not read ${slice.name}`, e);
      },
    );
  }

  /** Settles when the slice as the state holds it now is in storage (or its write failed, logged). */
  async flush(): Promise<void> {
    await this.restored;
    await this.chain;
  }

  private write(value: T): void {
    this.written = value;
    this.chain = this.chain.then(() => this.storage.save(value)).catch((e) => this.log?.(`could not save ${this.slice.name}`, e));
  }
}
