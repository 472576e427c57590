/**
 * The full-text index, in IndexedDB: per session, its lists (postings.ts: for each of its words, its documents
 * that have it) packed in BUCKETS records by word, the words each write brought, found by word through a
 * multi-entry index, and each document's text. A turn's end rewrites that session's records, a delete drops the
 * session's keys, and a query finds the sessions with every word, newest first, until it has enough hits, so no
 * step reads or writes the whole index (FlexSearch's IndexedDB adapter, MiniSearch and Orama do: BENCHMARKS.md
 * "Full-text search at 2,000 sessions"). It lives in the panel: extension pages share the extension's IndexedDB,
 * and the MV3 service worker may be stopped at any time. Nothing here leaves the machine.
 */
import { committed, openDatabase, primaryKeys, request } from "./idb";
import { bucketOf, byBucket, docPostings, docsWithAll, inAll, mergeSession, type PackedLists } from "./postings";
import type { DocRole, SearchDoc } from "./session-docs";
import { indexTerms } from "./terms";
import { SEARCH_DB_NAME } from "./wipe";

export interface SearchHit {
  sessionId: string;
  at: number;
  role: DocRole;
  text: string;
}

/**
 * The words a write brought that its session did not have, keyed [session number, its first document], found by
 * any of them: a turn adds a record of its few new words instead of rewriting the session's thousands (whose
 * index entries the browser would rewrite too). Only the index reads them.
 */
interface StoredWords {
  w: string[];
}

type StoredDoc = Omit<SearchDoc, "n">;

const WORDS = "words";
/** A session's lists (PackedLists), in BUCKETS records keyed [session number, bucket]. */
const LISTS = "lists";
const DOCS = "docs";
const ALL = [WORDS, LISTS, DOCS];

/** Documents tokenized between two breaks for the panel's thread (a few ms on a slow machine). */
const DOCS_PER_SLICE = 10;
/** Sessions read at once while a query looks for its hits. */
const SESSIONS_PER_READ = 16;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Every key [s, …] of session `key`, in each store (an array sorts after every number). */
const ofSession = (key: number) => IDBKeyRange.bound([key], [key, []]);

/**
 * The sessions that have every word, newest first. One word: read from the index step by step, so a common
 * word reads only the newest sessions it needs. More: every word's sessions (keys only), intersected; a merge
 * join of key cursors read fewer keys but waited on a round trip per step, slower (BENCHMARKS.md).
 */
async function* candidates(byWord: IDBIndex, words: readonly string[]): AsyncGenerator<number> {
  if (words.length === 1) {
    let last = -1;
    for await (const key of primaryKeys(byWord, words[0]!, "prev")) {
      const s = (key as [number, number])[0];
      if (s !== last) yield s;
      last = s;
    }
    return;
  }
  const keys = await Promise.all(
    words.map((w) => request(byWord.getAllKeys(w) as IDBRequest<unknown> as IDBRequest<Array<[number, number]>>)),
  );
  // Words records are keyed [session, first document]: each word's sessions, once each.
  yield* inAll(keys.map((k) => [...new Set(k.map(([s]) => s))]));
}

export class SearchIndex {
  private constructor(private readonly db: IDBDatabase) {}

  static async open(): Promise<SearchIndex> {
    const db = await openDatabase(SEARCH_DB_NAME, 1, (created) => {
      created.createObjectStore(WORDS).createIndex("w", "w", { multiEntry: true });
      created.createObjectStore(LISTS);
      created.createObjectStore(DOCS);
    });
    return new SearchIndex(db);
  }

  /** Adds the documents of sessions (by their numbers), all in one transaction. */
  async add(batch: Array<{ key: number; docs: SearchDoc[] }>): Promise<void> {
    const work: Array<{ key: number; docs: SearchDoc[]; postings: Map<string, number[]> }> = [];
    for (const { key, docs } of batch) {
      if (docs.length === 0) continue;
      const postings = new Map<string, number[]>();
      // In slices, so the panel stays responsive; before the transaction, which a timer would let commit.
      for (let i = 0; i < docs.length; i += DOCS_PER_SLICE) {
        if (i > 0) await nextTask();
        for (const [t, ns] of docPostings(docs.slice(i, i + DOCS_PER_SLICE))) postings.set(t, [...(postings.get(t) ?? []), ...ns]);
      }
      work.push({ key, docs, postings });
    }
    if (work.length === 0) return;
    const tx = this.db.transaction(ALL, "readwrite");
    const done = committed(tx);
    const lists = tx.objectStore(LISTS);
    const docs = tx.objectStore(DOCS);
    for (const { key, docs: added, postings } of work) {
      for (const { n, ...doc } of added) docs.put(doc satisfies StoredDoc, [key, n]);
      const buckets = byBucket(postings);
      const old = await Promise.all([...buckets.keys()].map((b) => request(lists.get([key, b]) as IDBRequest<PackedLists | undefined>)));
      const newWords: string[] = [];
      [...buckets].forEach(([b, words], i) => {
        const merged = mergeSession(old[i], words);
        if (!merged) return;
        lists.put(merged.lists, [key, b]);
        newWords.push(...merged.newWords);
      });
      // Keyed by the write's first document: written again (a crash before the registry saw it), it is the same record.
      const first = Math.min(...added.map((d) => d.n));
      if (newWords.length > 0) tx.objectStore(WORDS).put({ w: newWords } satisfies StoredWords, [key, first]);
    }
    await done;
  }

  /** Removes a session's documents and lists (`count` is what the registry says it had: any, or none). */
  async removeSession(key: number, count: number): Promise<void> {
    if (count <= 0) return;
    const tx = this.db.transaction(ALL, "readwrite");
    const done = committed(tx);
    tx.objectStore(WORDS).delete(ofSession(key));
    tx.objectStore(LISTS).delete(ofSession(key));
    tx.objectStore(DOCS).delete(ofSession(key));
    await done;
  }

  /** The newest documents that have every word of `query`, at most `limit`. */
  async search(query: string, limit = 30): Promise<SearchHit[]> {
    const words = indexTerms(query);
    if (words.length === 0) return [];
    const tx = this.db.transaction(ALL, "readonly");
    const byWord = tx.objectStore(WORDS).index("w");
    const lists = tx.objectStore(LISTS);
    const buckets = [...new Set(words.map(bucketOf))];
    const ids: Array<[number, number]> = [];
    const sessions = candidates(byWord, words);
    for (let done = false; !done && ids.length < limit; ) {
      const read: number[] = [];
      while (read.length < SESSIONS_PER_READ) {
        const next = await sessions.next();
        if (next.done) {
          done = true;
          break;
        }
        read.push(next.value);
      }
      // Each session's records that hold the query's words (one per word; the same one read once).
      const packed = await Promise.all(
        read.map((s) => Promise.all(buckets.map((b) => request(lists.get([s, b]) as IDBRequest<PackedLists | undefined>)))),
      );
      packed.forEach((records, j) => {
        const session = words.map((w) => records[buckets.indexOf(bucketOf(w))]);
        for (const n of docsWithAll(session, words)) if (ids.length < limit) ids.push([read[j]!, n]);
      });
    }
    const docs = tx.objectStore(DOCS);
    const found = await Promise.all(ids.map((id) => request(docs.get(id) as IDBRequest<StoredDoc | undefined>)));
    return found.filter((d): d is StoredDoc => d !== undefined).map(({ sessionId, at, role, text }) => ({ sessionId, at, role, text }));
  }

  close(): void {
    this.db.close();
  }
}
