/// <reference types="flexsearch" />
/**
 * The search part of `npm run bench` (alone: `npm run bench:search`): builds the full-text index of 2,000
 * sessions × 100 messages in the panel page of the e2e build, the context where the index lives, through
 * the extension's own SearchIndex (FlexSearch over IndexedDB), then queries it. Text is made in the page
 * from a seeded generator: a Zipf-like vocabulary, message lengths like a real transcript's.
 */
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import english from "flexsearch/lang/en";
import { launchExtension } from "../helpers/chromium/harness";

const ROOT = path.resolve(import.meta.dirname, "../..");

export interface SearchBench {
  sessions: number;
  batch: number;
  perSession: number;
  textMiB: number;
  buildMs: number;
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
  turnMs: number;
  loadedMs: number;
  /** The longest main-thread task while those two were saved: how long the panel could not respond. */
  longestTaskMs: number;
  bundleKiB: number;
  bundleGzKiB: number;
}

interface PageResult {
  textBytes: number;
  buildMs: number;
  times: number[];
  hits: number[];
  estimate: number;
  turnMs: number;
  loadedMs: number;
  longestTaskMs: number;
}

export async function runSearchBench(sessions = 2000, perSession = 100, batch = 500): Promise<SearchBench> {
  const harness = await launchExtension({ extensionDir: path.join(ROOT, "dist/extension/chrome-mv3-e2e"), manifest: "missing" });
  try {
    const page = await harness.openPanel();
    await page.waitForFunction(() => "__gooseSearch" in globalThis);
    // tsx names the functions inside the ones handed to the page with `__name(...)`: the page needs that helper.
    await page.evaluate("globalThis.__name ??= (fn) => fn");
    page.on("console", (m) => process.env.SEARCH_BENCH_VERBOSE && process.stdout.write(`${m.text()}\n`));
    const cdp = await harness.context.newCDPSession(page);
    const heap = async () => {
      await cdp.send("HeapProfiler.collectGarbage");
      return (await cdp.send("Runtime.getHeapUsage")).usedSize / 2 ** 20;
    };
    const heapBeforeMiB = await heap();
    const r: PageResult = await page.evaluate(buildAndQuery, { sessions, perSession, batch, stop: [...(english.filter as Set<string>)] });
    const heapMiB = await heap();
    // A panel opened again: the first query reads from IndexedDB with nothing in memory.
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
    const bundle = await flexsearchBundle();
    return {
      sessions,
      batch,
      perSession,
      textMiB: r.textBytes / 2 ** 20,
      buildMs: r.buildMs,
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
      loadedMs: r.loadedMs,
      longestTaskMs: r.longestTaskMs,
      bundleKiB: bundle.raw / 1024,
      bundleGzKiB: bundle.gz / 1024,
    };
  } finally {
    await harness.close();
  }
}

/** Runs in the panel page: makes the sessions, indexes one session per commit (as the panel does), queries. */
async function buildAndQuery(o: { sessions: number; perSession: number; batch: number; stop: string[] }): Promise<PageResult> {
  const { sessions, perSession, batch } = o;
  type Doc = { sessionId: string; n: number; at: number; role: "user" | "agent" | "tool"; text: string };
  type Index = { add(batch: Array<{ key: number; docs: Doc[] }>): Promise<void>; search(q: string): Promise<unknown[]> };
  const g = globalThis as unknown as { __gooseSearch: { open(): Promise<Index> } };
  // mulberry32: small, seeded, and with 32-bit integer maths (Math.imul), so it does not fall into a short cycle.
  let seed = 0x2f6e2b1;
  const rand = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const syllables = [
    "ka",
    "lo",
    "mar",
    "ten",
    "vis",
    "qu",
    "ro",
    "del",
    "an",
    "sit",
    "pre",
    "ux",
    "bo",
    "ni",
    "gra",
    "fe",
    "tor",
    "le",
    "mi",
    "sa",
  ];
  // The most frequent words of real text are function words ("the", "to", "is"), which the encoder leaves out.
  const vocab: string[] = [...o.stop];
  const seen = new Set<string>(vocab);
  while (vocab.length < 30_000) {
    let w = "";
    const n = 1 + Math.floor(rand() * 4);
    for (let i = 0; i < n; i++) w += syllables[Math.floor(rand() * syllables.length)];
    if (!seen.has(w)) {
      seen.add(w);
      vocab.push(w);
    }
  }
  // Zipf-like: word i with weight 1/(i+1).
  const word = () => vocab[Math.floor(vocab.length ** rand()) - 1]!;
  const sentence = (chars: number) => {
    let s = "";
    while (s.length < chars) s += `${word()} `;
    return s.trim();
  };
  const lognormal = (median: number) => Math.max(8, Math.round(median * Math.exp((rand() + rand() + rand() - 1.5) * 1.2)));
  const index = await g.__gooseSearch.open();
  let textBytes = 0;
  const t0 = performance.now();
  const pending: Array<{ key: number; docs: Doc[] }> = [];
  for (let s = 0; s < sessions; s++) {
    const sessionId = `bench-${s}`;
    const docs: Doc[] = [];
    for (let m = 0; m < perSession; m++) {
      // A turn: the user asks, tools run, the agent answers (20 user, 40 tool titles, 40 agent messages).
      const k = m % 5;
      const role = k === 0 ? "user" : k === 1 || k === 3 ? "tool" : "agent";
      const text =
        role === "user" ? sentence(lognormal(120)) : role === "tool" ? `Run ${sentence(lognormal(30))}` : sentence(lognormal(700));
      textBytes += text.length;
      docs.push({ sessionId, n: m, at: m, role, text });
    }
    pending.push({ key: s + 1, docs });
    if (pending.length === batch) await index.add(pending.splice(0));
    if (s % 50 === 49) console.log(`bench: ${s + 1} sessions ${(performance.now() - t0).toFixed(0)} ms`);
  }
  await index.add(pending);
  const buildMs = performance.now() - t0;
  // Varied queries: common, middling and rare words, two-word queries, and a word that is nowhere.
  const queries: string[] = [];
  for (let i = 0; i < 20; i++) queries.push(vocab[Math.floor(rand() * 50)]!);
  for (let i = 0; i < 30; i++) queries.push(vocab[500 + Math.floor(rand() * 5000)]!);
  for (let i = 0; i < 30; i++) queries.push(vocab[10_000 + Math.floor(rand() * 20_000)]!);
  for (let i = 0; i < 20; i++) queries.push(`${vocab[Math.floor(rand() * 2000)]} ${vocab[Math.floor(rand() * 8000)]}`);
  queries.push("zzqxnotaword");
  const times: number[] = [];
  const hits: number[] = [];
  for (const query of queries) {
    const t = performance.now();
    const found = await index.search(query);
    times.push(performance.now() - t);
    hits.push(found.length);
  }
  // What the panel does in use, into the full index: a turn ending (a user message, two tool titles, two
  // agent messages) and a 100-message session opened for the first time (after its replay).
  const turnMs: number[] = [];
  let longestTaskMs = 0;
  const tasks = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longestTaskMs = Math.max(longestTaskMs, e.duration);
  });
  tasks.observe({ type: "longtask" });
  for (let i = 0; i < 5; i++) {
    const sessionId = `turn-${i}`;
    const docs: Doc[] = [0, 1, 2, 3, 4].map((m) => ({
      sessionId,
      n: m,
      at: m,
      role: m === 0 ? "user" : m % 2 ? "tool" : "agent",
      text: m === 0 ? sentence(lognormal(120)) : m % 2 ? `Run ${sentence(30)}` : sentence(lognormal(700)),
    }));
    const t = performance.now();
    await index.add([{ key: sessions + 10 + i, docs }]);
    turnMs.push(performance.now() - t);
  }
  const loaded: Doc[] = [];
  for (let m = 0; m < perSession; m++)
    loaded.push({ sessionId: "loaded", n: m, at: m, role: "agent", text: sentence(lognormal(m % 5 === 2 || m % 5 === 4 ? 700 : 60)) });
  const tl = performance.now();
  await index.add([{ key: sessions + 100, docs: loaded }]);
  const loadedMs = performance.now() - tl;
  // Long tasks are reported a moment after they end.
  await new Promise((done) => setTimeout(done, 500));
  tasks.disconnect();
  const estimate = (await navigator.storage.estimate()).usage ?? 0;
  return { textBytes, buildMs, times, hits, estimate, turnMs: turnMs.sort((a, b) => a - b)[2]!, loadedMs, longestTaskMs };
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

/** What FlexSearch adds to the panel's bundle: what search-index.ts imports of it, bundled and minified alone. */
async function flexsearchBundle(): Promise<{ raw: number; gz: number }> {
  const out = await build({
    stdin: {
      contents:
        'import { Charset, Document, Encoder, IndexedDB } from "flexsearch"; import en from "flexsearch/lang/en"; globalThis.x = [Charset, Document, Encoder, IndexedDB, en];',
      resolveDir: ROOT,
    },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
  });
  const code = out.outputFiles[0]!.contents;
  return { raw: code.length, gz: gzipSync(code).length };
}

const f = (n: number, d = 1) => n.toFixed(d);

export function searchSection(b: SearchBench, machine: string, date: string): string {
  const pass = (ok: boolean) => (ok ? "met" : "**not met**");
  return `## Full-text search (measured ${date} on ${machine})

${b.sessions} sessions × ${b.perSession} messages (20 user messages of about 120 characters, 40 tool titles, 40 agent
messages of about 700; ${f(b.textMiB)} MiB of text) indexed in the panel page of the e2e build, the context where the
index lives, through the extension's own \`SearchIndex\` (FlexSearch ${flexsearchVersion()} over IndexedDB). The panel
commits one session at a time as it sees them; to reach this size in minutes the bench commits ${b.batch} sessions at a
time, and measures the panel's own steps (a turn, a session opened) into the full index separately. The 120 most frequent
words of the made-up vocabulary are English function words, as in real text, which the encoder leaves out. Then
${b.queries} varied queries (common, middling and rare words, two-word queries, a
word that is nowhere), each returning up to 30 hits with their stored text.

| measure | goal | measured | |
|---|---|---|---|
| query, p50 | ≤ 50 ms | ${f(b.p50)} ms | ${pass(b.p50 <= 50)} |
| query, p90 / slowest | | ${f(b.p90)} / ${f(b.max)} ms (median ${b.medianHits} hits) | |
| first query in a panel opened again (open the index + query) | | ${f(b.reopenFirstQueryMs)} ms | |
| building the index | | ${f(b.buildMs / 1000)} s (${f(b.buildMs / b.sessions, 1)} ms per session of ${b.perSession} messages) | |
| a turn's five messages into the full index (median of 5; what the panel does at each turn's end) | | ${f(b.turnMs)} ms | |
| a 100-message session opened for the first time, into the full index | | ${f(b.loadedMs)} ms | |
| the longest main-thread task during those saves (the panel not answering the user) | | ${f(b.longestTaskMs)} ms | |
| index on disk (the profile's IndexedDB folder) | | ${f(b.diskMiB)} MiB (\`navigator.storage.estimate()\`: ${f(b.estimateMiB)} MiB) | |
| panel's JS heap after building and querying | | ${f(b.heapMiB)} MiB (${f(b.heapBeforeMiB)} MiB before) | |
| bundle added to the panel (the FlexSearch parts the panel imports, bundled and minified alone) | | ${f(b.bundleKiB)} KiB (${f(b.bundleGzKiB)} KiB gzip) | |
`;
}

function flexsearchVersion(): string {
  return JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/flexsearch/package.json"), "utf8")).version;
}
