/**
 * Keeps the index in step with the sessions a panel sees: indexes what `index-plan.ts` says is due, one
 * session at a time, under a lock shared by every extension page (two panels never write at once, and a
 * wipe from the options page waits for a write in progress); removes deleted sessions; wipes everything
 * when search is turned off. I/O is injected, so tests drive it with a fake index.
 */

import type { EntryList } from "../state/conversation/entry-list";
import type { SessionState } from "../state/sessions/client-state";
import type { SearchRegistry } from "../storage/search-sessions";
import { dueSessions, forget, newDocs } from "./index-plan";
import type { SearchHit, SearchIndex } from "./search-index";
import { wipe } from "./wipe";

export type IndexHandle = Pick<SearchIndex, "add" | "removeSession" | "search" | "close">;

export interface IndexerDeps {
  open(): Promise<IndexHandle>;
  registry: { getValue(): Promise<SearchRegistry>; setValue(r: SearchRegistry): Promise<void> };
  deleteDatabase(): Promise<void>;
  /** Runs `task` while no other page runs one (navigator.locks in the extension). */
  exclusive<T>(task: () => Promise<T>): Promise<T>;
  log(message: string, detail?: unknown): void;
}

export class SearchIndexer {
  private enabled = false;
  /** Each session's transcript as last looked at, so an unchanged one is not looked at again. */
  private readonly seen = new Map<string, EntryList>();
  private index: Promise<IndexHandle> | null = null;
  /** Work in order: indexing, removals, the wipe. */
  private chain: Promise<void> = Promise.resolve();

  constructor(private readonly deps: IndexerDeps) {}

  get on(): boolean {
    return this.enabled;
  }

  /** Turning on starts from the sessions in memory; turning off deletes the index and its registry. */
  setEnabled(on: boolean): Promise<void> {
    if (on === this.enabled) return this.chain;
    this.enabled = on;
    this.seen.clear();
    if (on) return this.chain;
    return this.queue(async () => {
      await this.closeIndex();
      await wipe(this.deps);
    });
  }

  /** Called with every sessions map the panel gets; indexes the sessions whose complete text changed. */
  observe(sessions: Readonly<Record<string, SessionState>>): Promise<void> {
    if (!this.enabled) return this.chain;
    // Sessions gone from memory (closed, parked): a look from scratch if they come back, none kept meanwhile.
    for (const id of this.seen.keys()) if (!(id in sessions)) this.seen.delete(id);
    for (const session of dueSessions(sessions, this.seen)) {
      this.seen.set(session.sessionId, session.entries);
      void this.queue(() => this.indexSession(session));
    }
    return this.chain;
  }

  /** A session deleted in History: its documents leave the index. */
  forget(sessionId: string): Promise<void> {
    this.seen.delete(sessionId);
    return this.queue(() =>
      this.deps.exclusive(async () => {
        const gone = forget(await this.deps.registry.getValue(), sessionId);
        if (!gone) return;
        await (await this.openIndex()).removeSession(gone.key, gone.docs);
        await this.deps.registry.setValue(gone.registry);
      }),
    );
  }

  async search(query: string, limit?: number): Promise<SearchHit[]> {
    if (!this.enabled) return [];
    return (await this.openIndex()).search(query, limit);
  }

  private indexSession(session: SessionState): Promise<void> {
    return this.deps.exclusive(async () => {
      const step = newDocs(session, await this.deps.registry.getValue());
      if (!step) return;
      await (await this.openIndex()).add([{ key: step.key, docs: step.docs }]);
      // Turned off meanwhile: the wipe queued after this task deletes what it added; the registry stays as the wipe leaves it.
      if (this.enabled) await this.deps.registry.setValue(step.registry);
    });
  }

  private queue(task: () => Promise<void>): Promise<void> {
    this.chain = this.chain.then(task).catch((error) => this.deps.log("search index", error));
    return this.chain;
  }

  private openIndex(): Promise<IndexHandle> {
    this.index ??= this.deps.open().catch((error) => {
      this.index = null;
      throw error;
    });
    return this.index;
  }

  private async closeIndex(): Promise<void> {
    const index = this.index;
    this.index = null;
    if (index) (await index.catch(() => null))?.close();
  }
}
