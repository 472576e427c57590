import { describe, expect, it } from "vitest";
import { type JsonScan, scanJson } from "../../../../native-host/jsonrpc/json-scan";
import { JsonStreamScan } from "../../../../native-host/jsonrpc/json-stream-scan";
import { seededRandom } from "../../../helpers/seeded-random";

/** The stream scan of `bytes` fed in pieces cut at `cuts`. */
function streamed(bytes: Buffer, cuts: number[], maxDepth?: number): JsonScan & { first: number | undefined } {
  const s = new JsonStreamScan(maxDepth);
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    // A copy, overwritten after the push: the scanner may keep nothing of a piece.
    const piece = Buffer.from(bytes.subarray(at, cut));
    s.push(piece);
    piece.fill(0x41);
    at = cut;
  }
  return { ...s.end(), first: s.first };
}

const plain = (s: JsonScan) => ({ ...s, members: Object.fromEntries(s.members) });

describe("JsonStreamScan", () => {
  it("gives scanJson's result however the message is cut (random and mutated texts, one-byte pieces too)", () => {
    const random = seededRandom(39_2026);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const tokens = ["{", "}", "[", "]", ",", ":", '"', "\\", " ", "\n", "1", "0", "-", ".", "e", "+", "true", "fals", "null", "x", "é"];
    const inString = ['"', "\\", "\\n", "\\u00e9", "\\uD83E", "\\u12G4", "\\x", "\u0001", "\t", "é", "🪿", "\\u0061"];
    const value = (depth: number): string => {
      const r = random();
      if (depth > 4 || r < 0.35)
        return pick(["1", "-0.5e+3", "0", "true", "null", '"s"', "[]", "{}", '"é\\"\\u0041"', "12345678901234567890"]);
      if (r < 0.6) return `[${Array.from({ length: Math.floor(random() * 3) }, () => value(depth + 1)).join(" , ")}]`;
      // Keys drawn from few names, some escaped: repeats happen.
      const key = () => pick(["a", "\\u0061", "b", "id", "method", "params", "k\\n", "é"]);
      return `{ ${Array.from({ length: Math.floor(random() * 4) }, () => `"${key()}" : ${value(depth + 1)}`).join(",")} }`;
    };
    let valid = 0;
    let duplicates = 0;
    for (let i = 0; i < 6000; i++) {
      let text = i % 2 === 0 ? value(0) : Array.from({ length: 1 + Math.floor(random() * 8) }, () => pick(tokens)).join("");
      for (let m = Math.floor(random() * 3); m > 0 && i % 4 === 0; m--) {
        const at = Math.floor(random() * (text.length + 1));
        text =
          random() < 0.5 ? text.slice(0, at) + pick([...tokens, ...inString]) + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
      }
      const bytes = Buffer.from(text);
      const whole = scanJson(bytes, 3);
      const cuts =
        i % 5 === 0
          ? Array.from({ length: Math.max(0, bytes.length - 1) }, (_, k) => k + 1)
          : [...new Set(Array.from({ length: 3 }, () => Math.floor(random() * bytes.length)))].sort((a, b) => a - b);
      const { first, ...got } = streamed(bytes, cuts, 3);
      expect(plain(got), `${text} cut at ${cuts.join(",")}`).toEqual(plain(whole));
      if (whole.valid) valid++;
      if (whole.duplicateKey !== undefined) duplicates++;
    }
    expect(valid).toBeGreaterThan(1000);
    expect(duplicates).toBeGreaterThan(200);
  });

  it("locates top-level members across pieces and says whether the message is an object", () => {
    const text = ' { "id" : 7 , "method":"session/prompt", "params": { "text": "é\\"" } }';
    const s = streamed(Buffer.from(text), [5, 6, 20, 40]);
    const at = (key: string) => {
      const span = s.members.get(key)!;
      return Buffer.from(text).toString("utf8", span.start, span.end);
    };
    expect([at("id"), at("method"), at("params")]).toEqual(["7", '"session/prompt"', '{ "text": "é\\"" }']);
    expect(s.first).toBe(0x7b);
    expect(streamed(Buffer.from(" [1]"), [2]).first).toBe(0x5b);
  });
});
