import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, memberText, scanJson } from "../../../../native-host/jsonrpc/json-scan";
import { readHead, readMember } from "../../../../native-host/jsonrpc/message-head";
import { PendingRequests } from "../../../../native-host/jsonrpc/pending-requests";
import { asOneLine, withParamsMember } from "../../../../native-host/jsonrpc/raw-message";
import { idKey, requestIdText } from "../../../../native-host/jsonrpc/rpc-id";
import { rpcErrorFrame } from "../../../../native-host/jsonrpc/rpc-reply";
import { seededRandom } from "../../../helpers/seeded-random";

const scan = (text: string) => scanJson(Buffer.from(text));
const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("scanJson", () => {
  it("measures nesting depth without recursion, whatever the depth", () => {
    expect(scan("1").depth).toBe(0);
    expect(scan('{"a":[{"b":{}}]}').depth).toBe(4);
    expect(scan(nested(MAX_JSON_DEPTH)).depth).toBe(MAX_JSON_DEPTH);
    expect(scan(`{"jsonrpc":"2.0","params":${nested(200_000)}}`).depth).toBe(200_001);
  });

  it("ignores brackets, quotes and backslashes inside strings", () => {
    const s = scan(String.raw`{"a":"[{\"}]\\","b":"\\\"{"}`);
    expect(s.depth).toBe(1);
    expect([...s.members.keys()]).toEqual(["a", "b"]);
    expect(s.duplicateKey).toBeUndefined();
  });

  it("finds a key repeated in one object at any depth, also when one copy is escaped", () => {
    expect(scan('{"jsonrpc":"2.0","id":"dup","method":"_goose/config/upsert","method":"session/list"}').duplicateKey).toBe("method");
    expect(scan('{"params":{"x":{"a":1,"b":2,"a":3}}}').duplicateKey).toBe("a");
    expect(scan(String.raw`{"method":"a","\u006dethod":"b"}`).duplicateKey).toBe("method");
    expect(scan(String.raw`{"é🪿":1,"\u00e9\ud83e\udebf":2}`).duplicateKey).toBe("é🪿");
    expect(scan('{"a":1,"b":1,"c":1,"d":1,"e":1,"f":1,"g":1,"h":1,"i":1,"j":1,"k":1,"c":2}').duplicateKey).toBe("c");
    expect(scan('{"é":1,"e":2,"É":3}').duplicateKey).toBeUndefined();
    expect(scan('[{"a":1},{"a":2}]').duplicateKey).toBeUndefined();
    expect(scan('{"a":{"a":{"a":1}}}').duplicateKey).toBeUndefined();
  });

  it("compares keys in place: same length or prefix is not the same key, an escape is decoded, at any width", () => {
    expect(scan('{"ab":1,"ac":2,"a":3,"abc":4}').duplicateKey).toBeUndefined();
    expect(scan('{"x":{"ab":1,"ac":2,"ab":3}}').duplicateKey).toBe("ab");
    // One copy escaped, in a small object and in one past the small-object limit, each way round.
    expect(scan(String.raw`{"x":{"a":1,"\u0061":2}}`).duplicateKey).toBe("a");
    expect(scan(String.raw`{"x":{"\u0061":1,"a":2}}`).duplicateKey).toBe("a");
    expect(scan(String.raw`{"x":{"\u0061b":1,"a\u0062":2}}`).duplicateKey).toBe("ab");
    const wide = (extra: string) => `{"x":{${Array.from({ length: 12 }, (_, i) => `"k${i}":${i}`).join(",")},${extra}}}`;
    expect(scan(wide(String.raw`"\u006b3":1`)).duplicateKey).toBe("k3");
    expect(scan(wide('"k11":1')).duplicateKey).toBe("k11");
    expect(scan(wide('"k12":1')).duplicateKey).toBeUndefined();
    // The key that takes an object past the limit, repeating one before it.
    expect(scan(`{"x":{${Array.from({ length: 8 }, (_, i) => `"k${i}":${i}`).join(",")},"k0":1}}`).duplicateKey).toBe("k0");
    // A closed inner object's keys are not its parent's; the parent's still are, after it.
    expect(scan('{"a":{"b":1,"c":2},"b":2,"c":3}').duplicateKey).toBeUndefined();
    expect(scan('{"a":{"b":1},"c":{"d":1},"a":2}').duplicateKey).toBe("a");
    // Many keys open at once (the key stack grows), the repeat in the deepest object.
    const deep = Array.from({ length: 40 }, (_, d) => `{${Array.from({ length: 5 }, (_, i) => `"d${d}k${i}":0`).join(",")},"n":`).join("");
    expect(scan(`${deep}{"z":1,"z":2}${"}".repeat(40)}`).duplicateKey).toBe("z");
    const distinct = scan(`${deep}{"z":1,"y":2}${"}".repeat(40)}`);
    expect([distinct.valid, distinct.duplicateKey]).toEqual([true, undefined]);
    // Lone surrogates are keys of their own, as JSON.parse keeps them (never one replacement character).
    const lone = scan('{"\\ud800":1,"\\udbff":2,"\\udc00":3,"\\ud83e":4,"\\ud83e\\udebf":5}');
    expect([lone.valid, lone.duplicateKey]).toEqual([true, undefined]);
    expect(scan('{"\\ud800":1,"\\uD800":2}').duplicateKey).toBe("\ud800");
    // After a grammar error keys are still compared (as decoded text).
    expect(scan('{"a":1,"a":2,,}').duplicateKey).toBe("a");
  });

  it("finds the same first repeated key as a decoded-text reference (random objects, keys spelled with and without escapes)", () => {
    const random = seededRandom(11_2026);
    // Spellings of a few keys: plain, escaped in part or whole, and non-ASCII ones.
    const spellings: Record<string, string[]> = {
      a: ["a", "\\u0061"],
      ab: ["ab", "\\u0061b", "a\\u0062"],
      b: ["b", "\\u0062"],
      ba: ["ba"],
      é: ["é", "\\u00e9", "\\u00E9"],
      e: ["e"],
      "🪿": ["🪿", "\\ud83e\\udebf"],
      'q"': ['q\\"', "q\\u0022"],
      // Lone surrogates: JSON.parse keeps each as its own key, and none is the pair above.
      "\ud800": ["\\ud800", "\\uD800"],
      "\udbff": ["\\udbff"],
      "\udc00": ["\\udc00", "\\uDC00"],
      "\ud83e": ["\\ud83e"],
    };
    const names = Object.keys(spellings);
    for (let round = 0; round < 3000; round++) {
      let first: string | undefined;
      const value = (depth: number): string => {
        if (depth > 3 || random() < 0.3) return "1";
        if (random() < 0.2) return `[${value(depth + 1)},${value(depth + 1)}]`;
        const seen = new Set<string>();
        const size = Math.floor(random() * 13);
        const members: string[] = [];
        for (let m = 0; m < size; m++) {
          const name = random() < 0.7 ? names[Math.floor(random() * names.length)]! : `w${m}`;
          const spelled = spellings[name] ?? [name];
          const key = spelled[Math.floor(random() * spelled.length)]!;
          // The scan meets a key before its value: a repeat here is found before any inside the value.
          if (seen.has(name)) first ??= name;
          seen.add(name);
          members.push(`"${key}":${value(depth + 1)}`);
        }
        return `{${members.join(",")}}`;
      };
      const text = value(0);
      expect(JSON.parse(text) !== undefined, text).toBe(true);
      expect(scan(text).duplicateKey, text).toBe(first);
    }
  });

  it("gives the exact text of each top-level member, whatever its kind", () => {
    const text = '{ "id" : 12345678901234567890123 , "method":"x", "params": { "a": [1, {"id": 2}] },"s":"é\\"", "n":null}';
    const s = scanJson(Buffer.from(text));
    const b = Buffer.from(text);
    expect(memberText(b, s, "id")).toBe("12345678901234567890123");
    expect(memberText(b, s, "params")).toBe('{ "a": [1, {"id": 2}] }');
    expect(memberText(b, s, "s")).toBe('"é\\""');
    expect(memberText(b, s, "n")).toBe("null");
    expect(memberText(b, s, "missing")).toBeUndefined();
  });

  it("never throws on junk", () => {
    for (const junk of ["", "}", "]]]", '{"a', '{"a":', "{,,:}", '"\\', "\u0000", "{{{{", '{"a":1,}']) {
      expect(() => scan(junk), junk).not.toThrow();
    }
  });

  it("decides validity exactly as JSON.parse does (random and mutated texts, at every alignment)", () => {
    const random = seededRandom(20261123);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const tokens = ["{", "}", "[", "]", ",", ":", '"', "\\", " ", "\n", "\t", "1", "0", "-", ".", "e", "+", "true", "fals", "null"];
    // ¢, Ü, ܐ and U+0080 hold bytes whose low seven bits are a quote, a control character or a backslash.
    const inString = [
      '"',
      "\\",
      "\\n",
      "\\u00e9",
      "\\uD83E",
      "\\u12G4",
      "\\x",
      "\u0001",
      "\u001f",
      "\t",
      "\n",
      "\u007f",
      "é",
      "🪿",
      "¢",
      "Ü",
      "ܐ",
      "\u0080",
    ];
    const value = (depth: number): string => {
      const r = random();
      if (depth > 3 || r < 0.4) return pick(["1", "-0.5e+3", "0", "true", "null", '"s"', "[]", "{}", '"é\\"\\u0041"']);
      if (r < 0.7) return `[${Array.from({ length: Math.floor(random() * 3) }, () => value(depth + 1)).join(",")}]`;
      return `{${Array.from({ length: Math.floor(random() * 3) }, (_, i) => `"k${i}":${value(depth + 1)}`).join(",")}}`;
    };
    const longString = () => {
      // Long plain runs with a special character here and there: the word-at-a-time path and its edges.
      let body = "";
      const length = Math.floor(random() * 160);
      while (body.length < length) body += random() < 0.93 ? "abcdefgh ".charAt(Math.floor(random() * 9)) : pick(inString);
      return `{"jsonrpc":"2.0","params":{"text":"${body}"},"n":[1,"${body.slice(0, 40)}"]}`;
    };
    let valid = 0;
    for (let i = 0; i < 20_000; i++) {
      let text =
        i % 3 === 0
          ? longString()
          : i % 3 === 1
            ? value(0)
            : Array.from({ length: 1 + Math.floor(random() * 6) }, () => pick(tokens)).join("");
      for (let m = Math.floor(random() * 3); m > 0 && i % 3 !== 2; m--) {
        const at = Math.floor(random() * (text.length + 1));
        text =
          random() < 0.5 ? text.slice(0, at) + pick([...tokens, ...inString]) + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
      }
      let parses = true;
      try {
        JSON.parse(text);
      } catch {
        parses = false;
      }
      // At every offset modulo 4 inside a larger buffer, as a frame or line sits in its read buffer.
      const offset = i % 4;
      const bytes = Buffer.alloc(offset + Buffer.byteLength(text) + 3, "x");
      const scanned = scanJson(bytes.subarray(offset, offset + bytes.write(text, offset)));
      expect(scanned.valid, text).toBe(parses);
      if (!parses) expect(scanned.error, text).toMatch(/ at byte \d+$/);
      if (parses) valid++;
    }
    expect(valid).toBeGreaterThan(3_000);
  });

  it("finds the first quote, escape or control byte of a string body at every place in a word, at every alignment", () => {
    // A plain run long enough for several words, one special byte (or escape) put at each place in it.
    const plain = "abcdefghijklmnopqrstuvwxyz0123456789ÀÁÂ¢Üܐ\u0080";
    for (let offset = 0; offset < 4; offset++) {
      for (let at = 0; at <= plain.length; at++) {
        const body = (special: string) => `${plain.slice(0, at)}${special}${plain.slice(at)}`;
        const scanAt = (text: string) => {
          const bytes = Buffer.alloc(offset + Buffer.byteLength(text) + 3, "x");
          return scanJson(bytes.subarray(offset, offset + bytes.write(text, offset)));
        };
        const where = Buffer.byteLength(`["${plain.slice(0, at)}`);
        expect(scanAt(`["${body("\u0001")}"]`)).toMatchObject({ valid: false, error: `invalid string at byte ${where}` });
        expect(scanAt(`["${body("\\q")}"]`)).toMatchObject({ valid: false, error: `invalid string at byte ${where + 1}` });
        // The string ends at the quote; what follows it is out of place.
        expect(scanAt(`["${body('"')}"]`).error).toMatch(new RegExp(`^unexpected .+ at byte ${where + 1}$`));
        for (const escaped of ["\\n", '\\"', "\\\\", "\\u00e9", "\\n\\t\\r\\\\"]) {
          const text = `["${body(escaped)}",1]`;
          expect(scanAt(text), text).toMatchObject({ valid: true, members: new Map() });
          expect(scanAt(`{"${body(escaped)}":1,"${body(escaped)}":2}`).duplicateKey, text).toBe(JSON.parse(`"${body(escaped)}"`));
        }
      }
    }
  });

  it("leaves validity undecided past maxDepth; names the first error", () => {
    expect(scan(nested(MAX_JSON_DEPTH)).valid).toBe(true);
    expect(scan(nested(MAX_JSON_DEPTH + 1)).valid).toBeUndefined();
    expect(scanJson(Buffer.from('{"a":{"b":1}}'), 1).valid).toBeUndefined();
    expect(scan(`[1,,${nested(MAX_JSON_DEPTH + 1)}]`)).toMatchObject({ valid: false, error: "unexpected ',' at byte 3" });
    expect(scan('"\\u0001"')).toMatchObject({ valid: true });
    expect(scan('"\u0001"')).toMatchObject({ valid: false, error: "invalid string at byte 1" });
    expect(scan('"\\u0001')).toMatchObject({ valid: false, error: "unterminated string at byte 7" });
    expect(scan("\ufeff{}").valid).toBe(false);
  });

  it("skips a multi-MiB string quickly", () => {
    const text = Buffer.from(`{"jsonrpc":"2.0","id":1,"method":"session/prompt","params":{"data":"${"A".repeat(8 * 1024 * 1024)}"}}`);
    const t0 = performance.now();
    const s = scanJson(text);
    expect(performance.now() - t0).toBeLessThan(200);
    expect(s.depth).toBe(2);
  });
});

describe("readHead", () => {
  const head = (text: string) => readHead(Buffer.from(text), scan(text));

  it("parses jsonrpc, id and method from their own bytes and marks params, result and error present but unread", () => {
    const text = '{"jsonrpc":"2.0","id":"é-🪿","method":"\\u0073ession/prompt","params":{"big":"…"},"extra":1}';
    const h = head(text);
    expect(h).toEqual({ jsonrpc: "2.0", id: "é-🪿", method: "session/prompt", params: undefined });
    expect(h && "params" in h).toBe(true);
    expect(head('{"jsonrpc":"2.0","id":7,"result":{"x":[1,2]}}')).toEqual({ jsonrpc: "2.0", id: 7, result: undefined });
    expect(readMember(Buffer.from(text), scan(text), "params")).toEqual({ big: "…" });
    expect(readMember(Buffer.from(text), scan(text), "missing")).toBeUndefined();
  });

  it("is undefined for anything but an object at the top", () => {
    expect(head(' [{"jsonrpc":"2.0"}]')).toBeUndefined();
    expect(head('"jsonrpc"')).toBeUndefined();
    expect(head("\n {}")).toEqual({});
  });
});

describe("ids as their exact text", () => {
  const req = (text: string) => requestIdText(Buffer.from(text), scan(text));

  it("answers requests only, with the id's own text; a malformed id becomes null", () => {
    expect(req('{"jsonrpc":"2.0","id":12345678901234567890123,"method":"x"}')).toBe("12345678901234567890123");
    expect(req('{"jsonrpc":"2.0","id":"a\\u0062","method":"x"}')).toBe('"a\\u0062"');
    expect(req('{"jsonrpc":"2.0","method":"x"}')).toBeUndefined();
    expect(req('{"jsonrpc":"2.0","id":1,"result":{}}')).toBeUndefined();
    expect(req('{"jsonrpc":"2.0","id":{"a":1},"method":"x"}')).toBe("null");
  });

  it("builds an error reply around the id text, byte for byte", () => {
    const frame = rpcErrorFrame("12345678901234567890123", -32603, "gone");
    expect(frame.subarray(4).toString()).toBe('{"jsonrpc":"2.0","id":12345678901234567890123,"error":{"code":-32603,"message":"gone"}}');
    expect(frame.readUInt32LE(0)).toBe(frame.length - 4);
  });

  it("keys an id the same however it was written", () => {
    expect(idKey('"a\\u0062"')).toBe(idKey('"ab"'));
    expect(idKey("12345678901234567890123")).toBe(idKey("1.2345678901234568e+22"));
    expect(idKey('"1"')).not.toBe(idKey("1"));
    expect(idKey("null")).toBeUndefined();
  });
});

describe("edits to raw bytes", () => {
  const splice = (text: string) => withParamsMember(Buffer.from(text), scan(text), "mcpServers", "[]")?.toString();

  it("replaces params.mcpServers in place and keeps every other byte (the id included)", () => {
    expect(
      splice(
        '{"jsonrpc":"2.0","id":12345678901234567890123,"method":"session/new","params":{"cwd":"/h","mcpServers":[{"command":"/bin/sh"}]}}',
      ),
    ).toBe('{"jsonrpc":"2.0","id":12345678901234567890123,"method":"session/new","params":{"cwd":"/h","mcpServers":[]}}');
    expect(splice('{"params":{ "mcpServers" : {"x":1} , "cwd":"/h"},"id":1}')).toBe('{"params":{ "mcpServers" : [] , "cwd":"/h"},"id":1}');
  });

  it("adds mcpServers when absent, and leaves non-object params alone", () => {
    expect(splice('{"id":1,"params":{"cwd":"/h"}}')).toBe('{"id":1,"params":{"mcpServers":[],"cwd":"/h"}}');
    expect(splice('{"id":1,"params":{ }}')).toBe('{"id":1,"params":{"mcpServers":[] }}');
    expect(splice('{"id":1,"params":[1]}')).toBeUndefined();
  });

  it("turns raw line breaks (whitespace between tokens) into spaces, nothing else", () => {
    const pretty = Buffer.from('{\r\n  "id": 1,\n  "s": "a\\nb"\n}');
    const line = asOneLine(pretty).toString();
    expect(line).toBe('{    "id": 1,   "s": "a\\nb" }');
    expect(JSON.parse(line)).toEqual(JSON.parse(pretty.toString()));
  });
});

describe("PendingRequests", () => {
  it("forgets a request when the agent answers it, however the agent wrote the id", () => {
    const p = new PendingRequests();
    p.add('"a"');
    p.add("12345678901234567890123");
    p.add("7");
    p.noteAgentLine(Buffer.from('{"jsonrpc":"2.0","id":"\\u0061","result":{}}'));
    p.noteAgentLine(Buffer.from('{"jsonrpc":"2.0","id":1.2345678901234568e+22,"error":{"code":1,"message":"x"}}'));
    // A request from the agent with the same id is not an answer.
    p.noteAgentLine(Buffer.from('{"jsonrpc":"2.0","id":7,"method":"session/request_permission","params":{}}'));
    expect(p.takeAll()).toEqual(["7"]);
    expect(p.size).toBe(0);
  });

  it("stays bounded", () => {
    const p = new PendingRequests(3);
    for (let i = 0; i < 10; i++) p.add(String(i));
    expect(p.takeAll()).toEqual(["7", "8", "9"]);
  });
});
