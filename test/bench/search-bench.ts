/// <reference types="flexsearch" />
/**
 * The search part of `npm run bench` (alone: `npm run bench:search`): builds the full-text index of 2,000
 * sessions × 100 messages in the panel page of the e2e build, the context where the index lives, through
 * the extension's own SearchIndex (IndexedDB), then queries it and times what the panel does in use: a
 * turn's end, a session opened for the first time, a session deleted, each until a query sees it, with the
 * panel's longest main-thread task meanwhile. Text comes from search-corpus.ts.
 */
import fs from "node:fs";
import path from "node:path";
import english from "flexsearch/lang/en";
import { launchExtension } from "../helpers/chromium/harness";
import { type Corpus, corpusGenerator } from "./search-corpus";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface SearchBench {
  sessions: number;
  batch: number;
  perSession: number;
  textMiB: number;
  buildMs: number;
  /** Adding one session of `perSession` messages at a time, at the start and end of the build (median of 5 each). */
  firstSessionMs: number;
  lastSessionMs: number;
  queries: number;
  p50: number;
  p90: number;
  max: number;
  medianHits: number;
  diskMiB: number;
  estimateMiB: number;
  heapMiB: number;
  heapBeforeMiB: number;
  reopenFirstQueryMs: number;
  /** Medians of 5: the write, then the write and a query that finds it. */
  turnMs: number;
  turnFoundMs: number;
  loadedMs: number;
  loadedFoundMs: number;
  deleteMs: number;
  deleteGoneMs: number;
  /** The longest main-thread task while those were saved and deleted: how long the panel could not respond. */
  longestTaskMs: number;
  /** The same during the queries. */
  longestQueryTaskMs: number;
}

interface PageResult {
  textBytes: number;
  buildMs: number;
  firstSessionMs: number;
  lastSessionMs: number;
  times: number[];
  hits: number[];
  estimate: number;
  turnMs: number;
  turnFoundMs: number;
  loadedMs: number;
  loadedFoundMs: number;
  deleteMs: number;
  deleteGoneMs: number;
  longestTaskMs: number;
  longestQueryTaskMs: number;
}

export async function runSearchBench(sessions = 2000, perSession = 100, batch = 10): Promise<SearchBench> {
  const harness = await launchExtension({ extensionDir: path.join(ROOT, "dist/extension/chrome-mv3-e2e"), manifest: "missing" });
  try {
    const page = await harness.openPanel();
    await page.waitForFunction(() => "__gooseSearch" in globalThis);
    // tsx names the functions inside the ones handed to the page with `__name(...)`: the page needs that helper.
    await page.evaluate("globalThis.__name ??= (fn) => fn");
    await page.evaluate(`globalThis.__corpus = (${corpusGenerator.toString()})(${JSON.stringify([...(english.filter as Set<string>)])})`);
    page.on("console", (m) => process.env.SEARCH_BENCH_VERBOSE && process.stdout.write(`${m.text()}\n`));
    const cdp = await harness.context.newCDPSession(page);
    const heap = async () => {
      await cdp.send("HeapProfiler.collectGarbage");
      return (await cdp.send("Runtime.getHeapUsage")).usedSize / 2 ** 20;
    };
    const heapBeforeMiB = await heap();
    const r: PageResult = await page.evaluate(buildAndQuery, { sessions, perSession, batch });
    const heapMiB = await heap();
    // A panel opened again: the first query opens the database with nothing in memory.
    await page.reload();
    await page.waitForFunction(() => "__gooseSearch" in globalThis);
    const reopenFirstQueryMs = await page.evaluate(async () => {
      const g = globalThis as unknown as { __gooseSearch: { open(): Promise<{ search(q: string): Promise<unknown[]> }> } };
      const t = performance.now();
      const index = await g.__gooseSearch.open();
      await index.search("kelomar");
      return performance.now() - t;
    });
    await page.close();
    await harness.closeBrowser();
    const sorted = [...r.times].sort((a, b) => a - b);
    const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
    const hitsSorted = [...r.hits].sort((a, b) => a - b);
    return {
      sessions,
      batch,
      perSession,
      textMiB: r.textBytes / 2 ** 20,
      buildMs: r.buildMs,
      firstSessionMs: r.firstSessionMs,
      lastSessionMs: r.lastSessionMs,
      queries: r.times.length,
      p50: q(0.5),
      p90: q(0.9),
      max: sorted[sorted.length - 1]!,
      medianHits: hitsSorted[Math.floor(hitsSorted.length / 2)]!,
      diskMiB: indexedDbBytes(harness.userDataDir) / 2 ** 20,
      estimateMiB: r.estimate / 2 ** 20,
      heapMiB,
      heapBeforeMiB,
      reopenFirstQueryMs,
      turnMs: r.turnMs,
      turnFoundMs: r.turnFoundMs,
      loadedMs: r.loadedMs,
      loadedFoundMs: r.loadedFoundMs,
      deleteMs: r.deleteMs,
      deleteGoneMs: r.deleteGoneMs,
      longestTaskMs: r.longestTaskMs,
      longestQueryTaskMs: r.longestQueryTaskMs,
    };
  } finally {
    await harness.close();
  }
}

/** Runs in the panel page: makes the sessions, indexes them, queries, then times the panel's steps into the full index. */
async function buildAndQuery(o: { sessions: number; perSession: number; batch: number }): Promise<PageResult> {
  const { sessions, perSession, batch } = o;
  type Doc = ReturnType<Corpus["session"]>[number];
  type Hit = { sessionId: string; text: string };
  type Index = {
    add(batch: Array<{ key: number; docs: Doc[] }>): Promise<void>;
    search(q: string): Promise<Hit[]>;
    removeSession(key: number, count: number): Promise<void>;
  };
  const g = globalThis as unknown as { __gooseSearch: { open(): Promise<Index> }; __corpus: Corpus };
  const corpus = g.__corpus;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const index = await g.__gooseSearch.open();
  let textBytes = 0;
  const t0 = performance.now();
  const pending: Array<{ key: number; docs: Doc[] }> = [];
  // The first and last five sessions one at a time, as a panel indexes a session it is shown.
  const single: number[] = [];
  for (let s = 0; s < sessions; s++) {
    const docs = corpus.session(`bench-${s}`, perSession);
    for (const d of docs) textBytes += d.text.length;
    if (s < 5 || s >= sessions - 5) {
      const t = performance.now();
      await index.add([{ key: s + 1, docs }]);
      single.push(performance.now() - t);
      continue;
    }
    pending.push({ key: s + 1, docs });
    if (pending.length === batch) await index.add(pending.splice(0));
    if (s % 100 === 99) console.log(`bench: ${s + 1} sessions ${(performance.now() - t0).toFixed(0)} ms`);
  }
  await index.add(pending);
  const buildMs = performance.now() - t0;
  // Made before the timed steps: making text is the bench's work, not the panel's.
  const turns = [0, 1, 2, 3, 4].map((i) => {
    const s = 100 + i * 300;
    const docs = corpus.session(`bench-${s}`, 5, perSession);
    docs[0]!.text += ` zqturnword${i}`;
    return { s, docs };
  });
  const opened = [0, 1, 2, 3, 4].map((i) => {
    const docs = corpus.session(`loaded-${i}`, perSession);
    docs[perSession - 1]!.text += ` zqloadedword${i}`;
    return docs;
  });
  let longest = 0;
  const tasks = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longest = Math.max(longest, e.duration);
  });
  tasks.observe({ type: "longtask" });
  // Long tasks are reported a moment after they end.
  const longestSince = async () => {
    await new Promise((done) => setTimeout(done, 500));
    const l = longest;
    longest = 0;
    return l;
  };
  await longestSince();
  const times: number[] = [];
  const hits: number[] = [];
  const queries = corpus.queries();
  for (const query of queries) {
    const t = performance.now();
    const found = await index.search(query);
    times.push(performance.now() - t);
    hits.push(found.length);
  }
  const longestQueryTaskMs = await longestSince();
  const slowest = times.map((t, i) => ({ t, i })).sort((a, b) => b.t - a.t);
  console.log(
    `bench: slowest queries ${slowest
      .slice(0, 5)
      .map(({ t, i }) => `${queries[i]} ${t.toFixed(0)} ms (${hits[i]} hits)`)
      .join(", ")}`,
  );
  /** Waits until `query` finds a hit in `sessionId` (or none, with `gone`): when the user would see it. */
  const until = async (query: string, sessionId: string, gone = false) => {
    for (;;) {
      const found = (await index.search(query)).some((h) => h.sessionId === sessionId);
      if (found !== gone) return;
    }
  };
  // A turn's end: five messages (a user message, two tool titles, two agent messages) onto a 100-message session.
  const turn: number[] = [];
  const turnFound: number[] = [];
  for (const [i, { s, docs }] of turns.entries()) {
    const t = performance.now();
    await index.add([{ key: s + 1, docs }]);
    turn.push(performance.now() - t);
    await until(`zqturnword${i}`, `bench-${s}`);
    turnFound.push(performance.now() - t);
  }
  let longestTaskMs = await longestSince();
  console.log(`bench: longest task during the turns ${longestTaskMs} ms`);
  // A 100-message session opened for the first time (after its replay).
  const loaded: number[] = [];
  const loadedFound: number[] = [];
  for (const [i, docs] of opened.entries()) {
    const t = performance.now();
    await index.add([{ key: sessions + 100 + i, docs }]);
    loaded.push(performance.now() - t);
    await until(`zqloadedword${i}`, `loaded-${i}`);
    loadedFound.push(performance.now() - t);
  }
  const longestLoaded = await longestSince();
  console.log(`bench: longest task during the sessions opened ${longestLoaded} ms`);
  longestTaskMs = Math.max(longestTaskMs, longestLoaded);
  // A session deleted in History, until a query no longer finds it.
  const del: number[] = [];
  const delGone: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await index.removeSession(sessions + 100 + i, perSession);
    del.push(performance.now() - t);
    await until(`zqloadedword${i}`, `loaded-${i}`, true);
    delGone.push(performance.now() - t);
  }
  longestTaskMs = Math.max(longestTaskMs, await longestSince());
  tasks.disconnect();
  const estimate = (await navigator.storage.estimate()).usage ?? 0;
  return {
    textBytes,
    buildMs,
    firstSessionMs: median(single.slice(0, 5)),
    lastSessionMs: median(single.slice(5)),
    times,
    hits,
    estimate,
    turnMs: median(turn),
    turnFoundMs: median(turnFound),
    loadedMs: median(loaded),
    loadedFoundMs: median(loadedFound),
    deleteMs: median(del),
    deleteGoneMs: median(delGone),
    longestTaskMs,
    longestQueryTaskMs,
  };
}

/** Bytes of the extension's IndexedDB folders in the profile (LevelDB files and blobs). */
function indexedDbBytes(userDataDir: string): number {
  const dir = path.join(userDataDir, "Default", "IndexedDB");
  if (!fs.existsSync(dir)) return 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return bytes;
}

const f = (n: number, d = 1) => n.toFixed(d);

export function searchSection(b: SearchBench, machine: string, date: string, load: string): string {
  const pass = (ok: boolean) => (ok ? "met" : "**not met**");
  return `## Full-text search (measured ${date} on ${machine})

${b.sessions} sessions × ${b.perSession} messages (20 user messages of about 120 characters, 40 tool titles, 40 agent
messages of about 700; ${f(b.textMiB)} MiB of text; test/bench/search-corpus.ts) indexed in the panel page of the e2e
build, the context where the index lives, through the extension's own \`SearchIndex\` (IndexedDB, extension/search/).
The first and last five sessions are added one at a time, as a panel does; the rest ${b.batch} at a time to reach this
size sooner. Then ${b.queries} varied queries (common, middling and rare words, two-word queries, a word that is
nowhere), each returning up to 30 hits with their text, and the panel's own steps into the full index, each timed
until a query sees its result. Load average at the end: ${load} on 2 cores.

| measure | goal | measured | |
|---|---|---|---|
| a turn's end (five messages onto a 100-message session) until a query finds it, median of 5 | ≤ 300 ms | ${f(b.turnFoundMs)} ms (the write alone ${f(b.turnMs)} ms) | ${pass(b.turnFoundMs <= 300)} |
| a 100-message session opened for the first time, until a query finds its last message, median of 5 | ≤ 1 s | ${f(b.loadedFoundMs)} ms (the write alone ${f(b.loadedMs)} ms) | ${pass(b.loadedFoundMs <= 1000)} |
| the longest main-thread task during those writes and the deletes (the panel not answering) | ≤ 50 ms | ${b.longestTaskMs > 0 ? `${f(b.longestTaskMs)} ms` : "none over 50 ms (the browser reports no long task)"} | ${pass(b.longestTaskMs <= 50)} |
| a session of 100 messages deleted from the full index, until a query no longer finds it, median of 5 | | ${f(b.deleteGoneMs)} ms (the delete alone ${f(b.deleteMs)} ms) | |
| query, p50 | ≤ 50 ms | ${f(b.p50)} ms | ${pass(b.p50 <= 50)} |
| query, p90 / slowest | | ${f(b.p90)} / ${f(b.max)} ms (median ${b.medianHits} hits) | |
| the longest main-thread task during the queries | ≤ 50 ms | ${b.longestQueryTaskMs > 0 ? `${f(b.longestQueryTaskMs)} ms` : "none over 50 ms"} | ${pass(b.longestQueryTaskMs <= 50)} |
| first query in a panel opened again (open the database + query) | | ${f(b.reopenFirstQueryMs)} ms | |
| a session of ${b.perSession} messages added alone, to the empty index / to the full one (median of 5 each) | | ${f(b.firstSessionMs)} / ${f(b.lastSessionMs)} ms | |
| building the whole index | | ${f(b.buildMs / 1000)} s (${f(b.buildMs / b.sessions, 1)} ms per session) | |
| index on disk (the profile's IndexedDB folder) | | ${f(b.diskMiB)} MiB (\`navigator.storage.estimate()\`: ${f(b.estimateMiB)} MiB) | |
| panel's JS heap after building and querying | | ${f(b.heapMiB)} MiB (${f(b.heapBeforeMiB)} MiB before) | |
`;
}
