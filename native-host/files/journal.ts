/**
 * The per-session edit journal: before the host writes a file for the agent it keeps the file's
 * previous bytes (or that it did not exist), so an edit can be undone later, from this host run or a
 * later one. Under the user's data folder (setup/paths.ts `dataDir`), `edits/<session key>/`:
 * `journal.json` lists the edits, `<editId>.before` holds each previous content.
 *
 * Bounded: a session keeps its newest MAX_EDITS edits and MAX_BEFORE_BYTES of previous contents; the
 * journal keeps the MAX_SESSIONS sessions written most recently, none older than MAX_AGE_MS; a session
 * deleted through the panel (`session/delete`) loses its journal at once. Callers serialize access.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

export interface JournalEntry {
  editId: string;
  /** The file written (resolved). */
  path: string;
  /** Whether it existed before the write; its previous bytes are `<editId>.before` when it did. */
  existed: boolean;
  beforeBytes: number | null;
  /** sha256 of the bytes written: Undo restores only while the file still holds exactly these. */
  afterHash: string;
  afterBytes: number;
  mode?: number;
  at: number;
  undone?: boolean;
}

interface SessionJournal {
  sessionId: string;
  nextSeq: number;
  edits: JournalEntry[];
}

export interface JournalLimits {
  maxEdits: number;
  maxBeforeBytes: number;
  maxSessions: number;
  maxAgeMs: number;
}

const JOURNAL_LIMITS: JournalLimits = {
  maxEdits: 500,
  maxBeforeBytes: 64 * 1024 * 1024,
  maxSessions: 100,
  maxAgeMs: 30 * 24 * 60 * 60 * 1000,
};

export function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export class EditJournal {
  constructor(
    /** `<data folder>/edits`. */
    readonly dir: string,
    private readonly limits: JournalLimits = JOURNAL_LIMITS,
  ) {}

  /** Keeps `before` (null: no file) for an edit about to be made; returns the edit's id. */
  async keepBefore(sessionId: string, before: Buffer | null): Promise<string> {
    const journal = await this.read(sessionId);
    const editId = `${journal.nextSeq}-${randomBytes(4).toString("hex")}`;
    journal.nextSeq++;
    await fs.mkdir(this.folder(sessionId), { recursive: true });
    if (before) await fs.writeFile(this.blob(sessionId, editId), before);
    await this.write(journal);
    return editId;
  }

  /** The edit was made: list it (the oldest edits beyond the limits go). */
  async record(sessionId: string, entry: JournalEntry): Promise<void> {
    const journal = await this.read(sessionId);
    journal.edits.push(entry);
    let kept = 0;
    let keep = journal.edits.length;
    // Newest first: keep while within both limits.
    for (let i = journal.edits.length - 1; i >= 0; i--) {
      kept += journal.edits[i]!.beforeBytes ?? 0;
      if (journal.edits.length - i > this.limits.maxEdits || kept > this.limits.maxBeforeBytes) break;
      keep = i;
    }
    const dropped = journal.edits.splice(0, keep);
    await this.write(journal);
    for (const gone of dropped) await fs.rm(this.blob(sessionId, gone.editId), { force: true });
  }

  /** The previous content was kept but no edit followed (the write failed): drop it. */
  async discard(sessionId: string, editId: string): Promise<void> {
    await fs.rm(this.blob(sessionId, editId), { force: true });
  }

  async entry(sessionId: string, editId: string): Promise<JournalEntry | undefined> {
    return (await this.read(sessionId)).edits.find((e) => e.editId === editId);
  }

  async entries(sessionId: string): Promise<JournalEntry[]> {
    return (await this.read(sessionId)).edits;
  }

  async before(sessionId: string, editId: string): Promise<Buffer> {
    return fs.readFile(this.blob(sessionId, editId));
  }

  async markUndone(sessionId: string, editId: string): Promise<void> {
    const journal = await this.read(sessionId);
    const entry = journal.edits.find((e) => e.editId === editId);
    if (!entry) return;
    entry.undone = true;
    await this.write(journal);
    await fs.rm(this.blob(sessionId, editId), { force: true });
  }

  async dropSession(sessionId: string): Promise<void> {
    await fs.rm(this.folder(sessionId), { recursive: true, force: true });
  }

  /** Removes the journals past the session count or age limits; `keep` (the session at hand) stays. */
  async prune(now: number, keep?: string): Promise<void> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return;
    }
    const kept = keep === undefined ? undefined : sessionKey(keep);
    const dated: Array<{ name: string; at: number }> = [];
    for (const name of names) {
      const at = await fs.stat(path.join(this.dir, name, "journal.json")).then(
        (s) => s.mtimeMs,
        () => 0,
      );
      dated.push({ name, at });
    }
    dated.sort((a, b) => b.at - a.at);
    for (const [i, { name, at }] of dated.entries()) {
      if (name === kept) continue;
      if (i >= this.limits.maxSessions || now - at > this.limits.maxAgeMs)
        await fs.rm(path.join(this.dir, name), { recursive: true, force: true });
    }
  }

  private folder(sessionId: string): string {
    return path.join(this.dir, sessionKey(sessionId));
  }

  private blob(sessionId: string, editId: string): string {
    // editId is checked against the journal's own shape before it names a file (never "../x").
    if (!/^[0-9]{1,9}-[0-9a-f]{8}$/.test(editId)) throw new Error(`not an edit id: ${editId.slice(0, 40)}`);
    return path.join(this.folder(sessionId), `${editId}.before`);
  }

  private async read(sessionId: string): Promise<SessionJournal> {
    try {
      const parsed = JSON.parse(await fs.readFile(path.join(this.folder(sessionId), "journal.json"), "utf8")) as SessionJournal;
      if (parsed.sessionId === sessionId && Array.isArray(parsed.edits)) return parsed;
    } catch {
      // None yet, or unreadable: a new one (the old edits can no longer be undone).
    }
    return { sessionId, nextSeq: 1, edits: [] };
  }

  private async write(journal: SessionJournal): Promise<void> {
    const file = path.join(this.folder(journal.sessionId), "journal.json");
    const temp = `${file}.${randomBytes(4).toString("hex")}.tmp`;
    await fs.writeFile(temp, JSON.stringify(journal));
    await fs.rename(temp, file);
  }
}

/** A folder name for any session id: ids are the agent's own strings. */
function sessionKey(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("hex").slice(0, 32);
}
