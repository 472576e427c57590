/**
 * The session metadata kept across restarts (which session is open, the mode chosen for each, the
 * tool calls the user denied), held
 * in memory and written through on every change. A failed read or write is logged, never fatal:
 * the worst case is a default mode or a fresh session.
 */
import { EMPTY_META, type MetaStorage, type SessionMeta } from "../../../storage/session-meta";

export class SessionMemory {
  private meta: SessionMeta = EMPTY_META;
  /** Resolves once the stored metadata is read (or could not be). */
  readonly loaded: Promise<void>;

  constructor(
    private readonly storage: MetaStorage,
    private readonly log?: (message: string, detail?: unknown) => void,
  ) {
    this.loaded = storage.load().then(
      (m) => {
        this.meta = m;
      },
      (e) => log?.("could not read session metadata", e),
    );
  }

  get activeSessionId(): string | null {
    return this.meta.activeSessionId;
  }

  modeOf(sessionId: string): string | undefined {
    return this.meta.modeBySession[sessionId];
  }

  /** Tool calls the user denied in this session (a replay must not show them as done). */
  deniedIn(sessionId: string): string[] {
    return this.meta.deniedBySession?.[sessionId] ?? [];
  }

  async setDenied(sessionId: string, toolCallIds: string[]): Promise<void> {
    const known = this.deniedIn(sessionId);
    if (known.length === toolCallIds.length && known.every((id, i) => id === toolCallIds[i])) return;
    await this.save({ deniedBySession: { ...this.meta.deniedBySession, [sessionId]: toolCallIds } });
  }

  setActive(sessionId: string | null): Promise<void> {
    return this.save({ activeSessionId: sessionId });
  }

  async setMode(sessionId: string, mode: string): Promise<void> {
    if (this.meta.modeBySession[sessionId] === mode) return;
    await this.save({ modeBySession: { ...this.meta.modeBySession, [sessionId]: mode } });
  }

  /** A deleted session: its mode and denials go, and it is no longer the one to reopen. */
  forget(sessionId: string): Promise<void> {
    const { [sessionId]: _gone, ...modeBySession } = this.meta.modeBySession;
    const { [sessionId]: _denied, ...deniedBySession } = this.meta.deniedBySession ?? {};
    return this.save({
      modeBySession,
      ...(this.meta.deniedBySession ? { deniedBySession } : {}),
      ...(this.meta.activeSessionId === sessionId ? { activeSessionId: null } : {}),
    });
  }

  private async save(change: Partial<SessionMeta>): Promise<void> {
    this.meta = { ...this.meta, ...change };
    try {
      await this.storage.save(this.meta);
    } catch (e) {
      this.log?.("could not save session metadata", e);
    }
  }
}
