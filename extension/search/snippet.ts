/** The words a query looks for, and a short piece of a message around the first of them, split for <mark>. */

export interface SnippetPart {
  text: string;
  hit: boolean;
}

/** Lower case, accents dropped: the same folding the index's encoder does (LatinSimple), so a hit is found again. */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The query's words, folded, longest first (so "deploy" is marked before "de"). */
export function queryTerms(query: string): string[] {
  const words = fold(query).match(/[\p{L}\p{N}_]+/gu) ?? [];
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

/** Where each term occurs in `text` at the start of a word, as [start, end) ranges in order, not overlapping. */
export function matchRanges(text: string, terms: string[]): Array<[number, number]> {
  if (terms.length === 0) return [];
  // Folding can change a string's length (NFD splits accented letters): fold letter by letter to keep positions.
  const folded = [...text].map((ch) => fold(ch)[0] ?? ch);
  const flat = folded.join("");
  const offsets: number[] = [];
  let pos = 0;
  for (const ch of text) {
    offsets.push(pos);
    pos += ch.length;
  }
  offsets.push(pos);
  const ranges: Array<[number, number]> = [];
  const escaped = terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const re = new RegExp(`(?<![\\p{L}\\p{N}_])(?:${escaped.join("|")})`, "gu");
  for (const m of flat.matchAll(re)) {
    // `flat` has one UTF-16 unit per code point of `text` only for BMP text; map through code point indexes.
    const startCp = [...flat.slice(0, m.index)].length;
    const endCp = startCp + [...m[0]].length;
    ranges.push([offsets[startCp]!, offsets[endCp]!]);
  }
  return ranges;
}

/** About `radius` characters either side of the first match, cut at spaces, with every match in it marked. */
export function snippet(text: string, terms: string[], radius = 70): SnippetPart[] {
  const clean = text.replace(/\s+/g, " ").trim();
  const ranges = matchRanges(clean, terms);
  const first = ranges[0];
  let from = first ? Math.max(0, first[0] - radius) : 0;
  let to = Math.min(clean.length, first ? first[1] + radius : radius * 2);
  if (from > 0) from = clean.indexOf(" ", from) + 1 || from;
  if (to < clean.length) to = clean.lastIndexOf(" ", to) > (first?.[1] ?? 0) ? clean.lastIndexOf(" ", to) : to;
  const parts: SnippetPart[] = [];
  if (from > 0) parts.push({ text: "…", hit: false });
  let at = from;
  for (const [s, e] of ranges) {
    if (e <= from || s >= to) continue;
    if (s > at) parts.push({ text: clean.slice(at, s), hit: false });
    parts.push({ text: clean.slice(Math.max(s, at), e), hit: true });
    at = e;
  }
  if (at < to) parts.push({ text: clean.slice(at, to), hit: false });
  if (to < clean.length) parts.push({ text: "…", hit: false });
  return parts;
}
