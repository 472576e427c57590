/**
 * The full-text index: FlexSearch's Document index kept in IndexedDB (its persistent storage adapter),
 * so a query reads only the terms it asks for and the index is never loaded whole. It lives in the
 * panel (extension pages share the extension's IndexedDB): the MV3 service worker has no `window`,
 * which the adapter needs, and may be stopped at any time. Nothing here leaves the machine.
 */
import { Charset, Document, Encoder, IndexedDB } from "flexsearch";
import english from "flexsearch/lang/en";
import type { DocRole, SearchDoc } from "./session-docs";

export interface SearchHit {
  sessionId: string;
  at: number;
  role: DocRole;
  text: string;
}

/**
 * Ids are numbers (the index keeps one array of ids per word, rewritten on each commit: numbers clone far
 * cheaper than strings): a session's number (search-sessions.ts) times this, plus the document's `n`.
 */
const DOCS_PER_SESSION = 2 ** 20;

function docId(sessionKey: number, n: number): number {
  return sessionKey * DOCS_PER_SESSION + n;
}

type Stored = Omit<SearchDoc, "n"> & { id: number } & Record<string, string | number>;

export class SearchIndex {
  private constructor(
    private readonly doc: Document<Stored, true, IndexedDB>,
    private readonly db: IndexedDB,
  ) {}

  static async open(): Promise<SearchIndex> {
    const doc = new Document<Stored, true, IndexedDB>({
      document: { id: "id", index: ["text"], store: ["sessionId", "at", "role", "text"] },
      // Case and accents folded (snippet.ts folds the same way to mark hits); English function words are left out:
      // they are in nearly every message, and each word's list of ids is rewritten whenever a message has it.
      encoder: new Encoder({ ...Charset.LatinSimple, filter: english.filter }),
      tokenize: "strict",
      // Written in one transaction per batch (add), not on a timer.
      commit: false,
    });
    // FlexSearch names the database "flexsearch:" + this (SEARCH_DB_NAME in wipe.ts).
    const db = new IndexedDB("goose-search");
    await doc.mount(db);
    return new SearchIndex(doc, db);
  }

  /** Adds the documents of sessions (by their numbers) and writes them to IndexedDB in one commit. */
  async add(batch: Array<{ key: number; docs: SearchDoc[] }>): Promise<void> {
    let added = 0;
    for (const { key, docs } of batch) {
      for (const { n, ...d } of docs) this.doc.add({ ...d, id: docId(key, n) } as Stored);
      added += docs.length;
    }
    if (added > 0) await this.doc.commit();
  }

  /** Removes a session's documents (it had `count` of them: their ids follow from its number). */
  async removeSession(key: number, count: number): Promise<void> {
    if (count <= 0) return;
    for (let n = 0; n < count; n++) this.doc.remove(docId(key, n));
    await this.doc.commit();
  }

  /** The best matches for every word of `query` (all words must occur), at most `limit`. */
  async search(query: string, limit = 30): Promise<SearchHit[]> {
    if (!query.trim()) return [];
    const fields = await this.doc.search({ query, limit, enrich: true, suggest: false });
    const hits: SearchHit[] = [];
    for (const field of fields) {
      for (const r of field.result) {
        const d = r.doc as Stored | null;
        if (d) hits.push({ sessionId: d.sessionId, at: Number(d.at), role: d.role, text: d.text });
      }
    }
    return hits;
  }

  close(): void {
    this.db.close();
  }
}
