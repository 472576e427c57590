/**
 * The search benches' corpus: sessions of made-up but text-like messages from a seeded generator (a Zipf-like
 * vocabulary whose most frequent words are English function words, as in real text; message lengths like a
 * real transcript's). Self-contained, so the Chromium bench hands it to the page as source
 * (`(${corpusGenerator})(stop)`) and the Node comparison calls it: both see the same texts.
 */

export interface CorpusDoc {
  sessionId: string;
  n: number;
  at: number;
  role: "user" | "agent" | "tool";
  text: string;
}

export interface Corpus {
  vocab: string[];
  rand(): number;
  /** A session of `count` messages; a turn is a user message, tools run, the agent answers (20 % / 40 % / 40 %). */
  session(sessionId: string, count: number, from?: number): CorpusDoc[];
  /** Varied queries: common, middling and rare words, two-word queries, and a word that is nowhere. */
  queries(): string[];
}

export function corpusGenerator(stop: string[]): Corpus {
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
  const vocab: string[] = [...stop];
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
  const session = (sessionId: string, count: number, from = 0): CorpusDoc[] => {
    const docs: CorpusDoc[] = [];
    for (let m = from; m < from + count; m++) {
      const k = m % 5;
      const role = k === 0 ? "user" : k === 1 || k === 3 ? "tool" : "agent";
      const text =
        role === "user" ? sentence(lognormal(120)) : role === "tool" ? `Run ${sentence(lognormal(30))}` : sentence(lognormal(700));
      docs.push({ sessionId, n: m, at: m, role, text });
    }
    return docs;
  };
  const queries = () => {
    const q: string[] = [];
    for (let i = 0; i < 20; i++) q.push(vocab[stop.length + Math.floor(rand() * 50)]!);
    for (let i = 0; i < 30; i++) q.push(vocab[500 + Math.floor(rand() * 5000)]!);
    for (let i = 0; i < 30; i++) q.push(vocab[10_000 + Math.floor(rand() * 20_000)]!);
    for (let i = 0; i < 20; i++) q.push(`${vocab[stop.length + Math.floor(rand() * 2000)]} ${vocab[Math.floor(rand() * 8000)]}`);
    q.push("zzqxnotaword");
    return q;
  };
  return { vocab, rand, session, queries };
}
