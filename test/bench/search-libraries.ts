/// <reference types="flexsearch" />
/**
 * FlexSearch, MiniSearch and Orama side by side on the search bench's corpus (search-corpus.ts), in one Node
 * process, one library after another, each in memory with the same words (case and accents folded, the same
 * English function words left out, whole words only, every word of a query required, up to 30 hits with their
 * text): how long adding takes, a query, removing a session of 100 messages, a turn of 5 messages added, and what
 * persisting costs (each keeps its index in memory and saves it whole: the serialized size, the time to save it
 * and to load it back, which a panel would pay at every open). The extension's own index is measured in the
 * browser (search-bench.ts). Part of `npm run bench`; alone: `BENCH_PART=search-libraries`.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { create, insertMultiple, load, search as oramaSearch, removeMultiple, save } from "@orama/orama";
import { Charset, Document, Encoder } from "flexsearch";
import english from "flexsearch/lang/en";
import MiniSearch from "minisearch";
import { fold } from "../../extension/search/snippet";
import { indexTerms } from "../../extension/search/terms";
import { type CorpusDoc, corpusGenerator } from "./search-corpus";

interface Row {
  id: number;
  sessionId: string;
  at: number;
  role: string;
  text: string;
}

export interface LibraryFigures {
  name: string;
  addMs: number;
  heapMiB: number;
  p50: number;
  p90: number;
  medianHits: number;
  removeSessionMs: number;
  addTurnMs: number;
  serializedMiB: number;
  saveMs: number;
  loadMs: number;
}

interface Lib {
  name: string;
  addAll(rows: Row[]): Promise<void>;
  search(q: string): Promise<number>;
  remove(ids: number[]): Promise<void>;
  /** The whole index as text (or pieces of it), as it would be written to storage. */
  save(): Promise<string[]>;
  load(pieces: string[]): Promise<void>;
}

const STOP = [...(english.filter as Set<string>)];
const LIMIT = 30;

function flexsearch(): Lib {
  const make = () =>
    new Document<Row & Record<string, string | number>, true>({
      document: { id: "id", index: ["text"], store: ["sessionId", "at", "role", "text"] },
      encoder: new Encoder({ ...Charset.LatinSimple, filter: english.filter }),
      tokenize: "strict",
    });
  let doc = make();
  const keys: string[] = [];
  return {
    name: "FlexSearch",
    async addAll(rows) {
      for (const r of rows) doc.add(r as Row & Record<string, string | number>);
    },
    async search(q) {
      // In memory the answer is not a promise, whatever the declared type says.
      const fields = doc.search({ query: q, limit: LIMIT, enrich: true, suggest: false }) as unknown as Array<{ result: unknown[] }>;
      return fields.reduce((n, field) => n + field.result.length, 0);
    },
    async remove(ids) {
      for (const id of ids) doc.remove(id);
    },
    async save() {
      const pieces: string[] = [];
      keys.length = 0;
      await doc.export((key: string, data: string) => {
        keys.push(key);
        pieces.push(data);
      });
      return pieces;
    },
    async load(pieces) {
      doc = make();
      for (const [i, p] of pieces.entries()) doc.import(keys[i]!, p);
    },
  };
}

function minisearch(): Lib {
  const options = {
    fields: ["text"],
    storeFields: ["sessionId", "at", "role", "text"],
    // The same words as the others: folded, function words out.
    processTerm: (t: string) => {
      const w = fold(t);
      return STOP.includes(w) ? null : w;
    },
    searchOptions: { combineWith: "AND" as const, prefix: false, fuzzy: false },
  };
  let ms = new MiniSearch<Row>(options);
  return {
    name: "MiniSearch",
    async addAll(rows) {
      ms.addAll(rows);
    },
    async search(q) {
      return ms.search(q).slice(0, LIMIT).length;
    },
    async remove(ids) {
      for (const id of ids) ms.discard(id);
    },
    async save() {
      return [JSON.stringify(ms)];
    },
    async load(pieces) {
      ms = MiniSearch.loadJSON<Row>(pieces[0]!, options);
    },
  };
}

function orama(): Lib {
  const make = () =>
    create({
      schema: { sessionId: "string", at: "number", role: "string", text: "string" } as const,
      components: { tokenizer: { stopWords: STOP } },
    });
  let db = make();
  return {
    name: "Orama",
    async addAll(rows) {
      await insertMultiple(
        db,
        rows.map((r) => ({ ...r, id: String(r.id) })),
        1000,
      );
    },
    async search(q) {
      const r = await oramaSearch(db, { term: q, properties: ["text"], limit: LIMIT, exact: true, threshold: 0 });
      return r.hits.length;
    },
    async remove(ids) {
      await removeMultiple(
        db,
        ids.map((i) => String(i)),
        1000,
      );
    },
    async save() {
      return [JSON.stringify(save(db))];
    },
    async load(pieces) {
      db = make();
      load(db, JSON.parse(pieces[0]!));
    },
  };
}

const heapMiB = () => {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

async function measure(lib: Lib, sessions: number, perSession: number): Promise<LibraryFigures> {
  const corpus = corpusGenerator(STOP);
  const rows = (docs: CorpusDoc[], key: number): Row[] => docs.map((d) => ({ ...d, id: key * 2 ** 20 + d.n }));
  const before = heapMiB();
  let addMs = 0;
  for (let s = 0; s < sessions; s++) {
    const batch = rows(corpus.session(`bench-${s}`, perSession), s + 1);
    const t = performance.now();
    await lib.addAll(batch);
    addMs += performance.now() - t;
  }
  const heap = heapMiB() - before;
  const times: number[] = [];
  const hits: number[] = [];
  for (const q of corpus.queries()) {
    const t = performance.now();
    hits.push(await lib.search(q));
    times.push(performance.now() - t);
  }
  const t1 = performance.now();
  await lib.remove(Array.from({ length: perSession }, (_, n) => 8 * 2 ** 20 + n));
  const removeSessionMs = performance.now() - t1;
  const t2 = performance.now();
  await lib.addAll(rows(corpus.session("bench-100", 5, perSession), 101));
  const addTurnMs = performance.now() - t2;
  const t3 = performance.now();
  const pieces = await lib.save();
  const saveMs = performance.now() - t3;
  const serializedMiB = pieces.reduce((n, p) => n + (p?.length ?? 0), 0) / 2 ** 20;
  const t4 = performance.now();
  await lib.load(pieces);
  const loadMs = performance.now() - t4;
  // Loaded back, it still answers.
  if ((await lib.search(corpus.vocab[STOP.length + 1]!)) === 0) throw new Error(`${lib.name}: nothing found after loading`);
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  return {
    name: lib.name,
    addMs,
    heapMiB: heap,
    p50: at(0.5),
    p90: at(0.9),
    medianHits: [...hits].sort((a, b) => a - b)[Math.floor(hits.length / 2)]!,
    removeSessionMs,
    addTurnMs,
    serializedMiB,
    saveMs,
    loadMs,
  };
}

/** Runs the comparison in a Node of its own: a collection before each heap figure, and room for three full indexes. */
export function runLibraryComparisonApart(sessions: number): LibraryFigures[] {
  const out = execFileSync(
    process.execPath,
    ["--expose-gc", "--max-old-space-size=8192", "--import", "tsx", import.meta.filename, String(sessions)],
    {
      stdio: ["ignore", "pipe", "inherit"],
      encoding: "utf8",
      maxBuffer: 16 * 2 ** 20,
    },
  );
  return JSON.parse(out.slice(out.indexOf("[")));
}

if (process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url) {
  process.stdout.write(JSON.stringify(await runLibraryComparison(Number(process.argv[2] ?? 2000))));
}

async function runLibraryComparison(sessions: number, perSession = 100): Promise<LibraryFigures[]> {
  const out: LibraryFigures[] = [];
  // Every library sees the same words the extension's index keeps (checked once here, so a drift shows).
  if (indexTerms("The Deploy déploie")[0] !== "deploy") throw new Error("terms.ts folds differently from the comparison");
  for (const make of [flexsearch, minisearch, orama]) {
    const lib = make();
    process.stderr.write(`search libraries: ${lib.name}…\n`);
    out.push(await measure(lib, sessions, perSession));
  }
  return out;
}

const f = (n: number, d = 1) => n.toFixed(d);

export function librariesSection(rows: LibraryFigures[], sessions: number, machine: string, date: string, load: string): string {
  const line = (r: LibraryFigures) =>
    `| ${r.name} | ${f(r.addMs / 1000)} s | ${f(r.heapMiB, 0)} MiB | ${f(r.p50, 2)} / ${f(r.p90, 2)} ms (${r.medianHits}) | ${f(r.removeSessionMs)} ms | ${f(r.addTurnMs, 2)} ms | ${f(r.serializedMiB)} MiB | ${f(r.saveMs)} ms | ${f(r.loadMs)} ms |`;
  return `## Search libraries side by side (measured ${date} on ${machine})

${sessions} sessions × 100 messages of the search bench's corpus, in one Node process, each library in memory with the
same words (test/bench/search-libraries.ts). None of the three updates stored data in place: each saves its index
whole, so a turn's 5 messages cost a save of the whole index, and every panel opened a load of it (the last two columns).
Load average at the end: ${load} on 2 cores.

| library | add all | heap | query p50 / p90 (median hits) | remove a session | add a turn (in memory) | saved | save | load |
|---|---|---|---|---|---|---|---|---|
${rows.map(line).join("\n")}
`;
}
