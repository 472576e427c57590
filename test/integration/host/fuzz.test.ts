/**
 * Seeded fuzzing of the built host against the running scripted agent: random and mutated frames
 * (bad lengths, bad UTF-8, junk JSON, deep nesting, duplicate keys, huge fields, host commands with
 * junk, JSON-RPC with odd ids). The host must never exit, every frame it writes must be a valid
 * frame (UTF-8 JSON-RPC or a host message, ≤ 1 MiB: the harness checks each one), and every request
 * with a usable id must get an answer (the agent's, or the host's JSON-RPC error).
 *
 * FUZZ_SEED=n reproduces a run; the seed is printed when it fails.
 */
import { afterEach, describe, expect, it } from "vitest";
import { HOST_PROTOCOL_VERSION } from "../../../shared/host-protocol";
import { HostUnderTest, waitUntil } from "../../helpers/host-harness";
import { seededRandom as rng } from "../../helpers/seeded-random";

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const MAX_CASES = 3000;
const TIME_BUDGET_MS = 30_000;
const BATCH = 100;

let host: HostUnderTest | undefined;
afterEach(async () => {
  host?.kill();
  await host?.exit;
  host = undefined;
});

interface Case {
  bytes: Buffer;
  /** The id an answer must carry (as the harness parses it), when one is owed. */
  answer?: string | number;
}

function frame(body: Buffer | string): Buffer {
  const b = typeof body === "string" ? Buffer.from(body) : body;
  const h = Buffer.alloc(4);
  h.writeUInt32LE(b.length, 0);
  return Buffer.concat([h, b]);
}

class Fuzzer {
  // Far from the harness's own request ids (1000 up), so answers are never confused.
  private n = 1_000_000;
  constructor(
    private readonly r: () => number,
    private readonly dir: string,
  ) {}

  private pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.r() * xs.length)]!;
  }
  private int(max: number): number {
    return Math.floor(this.r() * max);
  }

  /** A fresh id in an odd spelling, with the value the harness will parse it to. */
  private id(): { text: string; value: string | number } {
    const n = ++this.n;
    switch (this.int(5)) {
      case 0:
        return { text: `${n}00000000000000000000`, value: Number(`${n}00000000000000000000`) };
      case 1:
        return { text: `-${n}`, value: -n };
      case 2:
        return { text: `${n}.5`, value: n + 0.5 };
      case 3: {
        const s = `ü\u2028"\\🪿-${n}`;
        return { text: JSON.stringify(s).replace("ü", "\\u00fc"), value: s };
      }
      default:
        return { text: String(n), value: n };
    }
  }

  private junkValue(depth = 0): unknown {
    switch (depth > 4 ? this.int(4) : this.int(7)) {
      case 0:
        return this.int(1000) - 500;
      case 1:
        return this.pick(["", "x", "\u0000", "é🪿", "\\", '"', "constructor", "__proto__"]);
      case 2:
        return this.pick([null, true, false, 1e308, -0]);
      case 3:
        return "s".repeat(this.int(300));
      case 4:
        return Array.from({ length: this.int(4) }, () => this.junkValue(depth + 1));
      default: {
        const o: Record<string, unknown> = {};
        for (let i = this.int(4); i > 0; i--)
          o[this.pick(["a", "cwd", "sessionId", "prompt", "mcpServers", "_meta", "id"])] = this.junkValue(depth + 1);
        return o;
      }
    }
  }

  next(): Case {
    const kind = this.int(100);
    // Requests the agent answers (or the host refuses): an answer is owed.
    if (kind < 30) {
      const id = this.id();
      const method = this.pick([
        "initialize",
        "authenticate",
        "session/new",
        "session/load",
        "session/list",
        "session/prompt",
        "session/set_mode",
        "session/set_config_option",
        "_goose/config/upsert",
        "_goose/tools",
        "fs/read_text_file",
        "",
        "x".repeat(this.int(500)),
      ]);
      const params =
        method === "session/new" && this.r() < 0.3 ? { cwd: this.dir, mcpServers: [{ name: "x", command: "/bin/sh" }] } : this.junkValue();
      return {
        bytes: frame(`{"jsonrpc":"2.0","id":${id.text},"method":${JSON.stringify(method)},"params":${JSON.stringify(params)}}`),
        answer: id.value,
      };
    }
    if (kind < 36) {
      const id = this.id();
      const deep = 129 + this.int(20_000);
      const open = this.pick(["[", '{"a":']);
      const close = open === "[" ? "]" : "}";
      return {
        bytes: frame(`{"jsonrpc":"2.0","id":${id.text},"method":"session/new","params":${open.repeat(deep)}1${close.repeat(deep)}}`),
        answer: id.value,
      };
    }
    if (kind < 42) {
      const id = this.id();
      const key = this.pick(["method", "id", "jsonrpc", "params"]);
      const body =
        key === "params"
          ? `{"jsonrpc":"2.0","id":${id.text},"method":"session/list","params":{"cwd":"/a","cwd":"/b"}}`
          : `{"jsonrpc":"2.0","id":${id.text},"method":"_goose/config/upsert","${key}":${key === "id" ? id.text : '"session/list"'}}`;
      return { bytes: frame(body), answer: id.value };
    }
    if (kind < 44) {
      // A huge method name: refused, and the refusal echoes a bounded piece of it.
      const id = this.id();
      return {
        bytes: frame(`{"jsonrpc":"2.0","id":${id.text},"method":"${"m".repeat(1_100_000 + this.int(100_000))}"}`),
        answer: id.value,
      };
    }
    if (kind < 50) {
      // Host commands with junk fields (a valid restart now and then).
      const type = this.pick(["start", "restart", "restart", "diagnose", "launch", "", "constructor", "t".repeat(this.int(2000))]);
      if (type === "diagnose" && this.r() < 0.8) return this.next();
      const valid = this.r() < 0.08;
      const cmd: Record<string, unknown> = { type };
      if (!valid) {
        if (this.r() < 0.7) cmd.profile = this.pick(["constructor", "__proto__", "toString", "nope", 5, null, { a: 1 }, "p".repeat(3000)]);
        if (this.r() < 0.5) cmd.cwd = this.pick(["relative", "/does/not/exist", 7, "", `/${"c".repeat(3000)}`]);
      }
      cmd.protocolVersion = valid || this.r() < 0.5 ? HOST_PROTOCOL_VERSION : this.junkValue();
      return { bytes: frame(JSON.stringify({ host: cmd })) };
    }
    if (kind < 56) return { bytes: frame(Buffer.from(Array.from({ length: 1 + this.int(64) }, () => this.int(256)))) };
    if (kind < 62) {
      // Valid-looking text with a bad UTF-8 byte in a string.
      const b = Buffer.from(`{"jsonrpc":"2.0","id":1,"method":"session/list","params":{"x":"ab"}}`);
      b[b.length - 5] = this.pick([0xff, 0xc0, 0x80, 0xed]);
      return { bytes: frame(b) };
    }
    if (kind < 70) {
      // A wrong length that keeps the stream in step: the declared bytes are cut JSON or JSON plus junk.
      const body = Buffer.from(`{"jsonrpc":"2.0","id":${++this.n},"method":"session/list","params":{}}`);
      const cut = this.r() < 0.5 ? body.subarray(0, 1 + this.int(body.length - 1)) : Buffer.concat([body, Buffer.from("}]x")]);
      return { bytes: frame(cut) };
    }
    if (kind < 72) return { bytes: Buffer.alloc(4) }; // an empty frame
    if (kind < 82) {
      // A mutated request: some bytes flipped; no answer can be promised.
      const b = Buffer.from(`{"jsonrpc":"2.0","id":${++this.n},"method":"session/list","params":{"cwd":"/"}}`);
      for (let i = 1 + this.int(3); i > 0; i--) b[this.int(b.length)] = this.int(256);
      return { bytes: frame(b) };
    }
    if (kind < 88) {
      // Notifications and stray responses: nothing is owed.
      return {
        bytes: frame(
          this.pick([
            `{"jsonrpc":"2.0","method":"session/cancel","params":${JSON.stringify(this.junkValue())}}`,
            `{"jsonrpc":"2.0","method":"_goose/x"}`,
            `{"jsonrpc":"2.0","id":${++this.n},"result":${JSON.stringify(this.junkValue())}}`,
            `{"jsonrpc":"2.0","id":${++this.n},"error":{"code":1,"message":"x"}}`,
          ]),
        ),
      };
    }
    if (kind < 94) {
      // Not JSON-RPC at all, or JSON-RPC with ids that are not ids.
      const odd = this.pick(["{}", "[]", "true", '{"a":1}']);
      return {
        bytes: frame(
          this.pick([
            JSON.stringify(this.junkValue()),
            `{"jsonrpc":"2.0","id":${odd},"method":"initialize"}`,
            `{"jsonrpc":"1.0","id":1,"method":"initialize"}`,
            `{"host":${JSON.stringify(this.junkValue())}}`,
          ]),
        ),
      };
    }
    // Unicode separators, escapes and whitespace in a valid request.
    const id = this.id();
    return {
      bytes: frame(`{\r\n "jsonrpc" : "2.0" ,\t"id":${id.text},\n"method":"session/list","params":{"cwd":"/\\u2028\u2029"}\r\n}`),
      answer: id.value,
    };
  }
}

describe("fuzzing the built host", () => {
  it(`survives ${MAX_CASES} random and mutated frames, writes only valid frames, and answers every request (seed ${SEED})`, async () => {
    const h = new HostUnderTest();
    host = h;
    await h.startAgent();
    await h.initialize();
    const fuzz = new Fuzzer(rng(SEED), h.dir);
    const owed = new Set<string>();
    const keyOf = (id: unknown) => `${typeof id}:${String(id)}`;
    let seen = 0;
    const settle = () => {
      for (; seen < h.received.length; seen++) {
        const m = h.received[seen]!;
        if (m.kind === "rpc" && m.message.method === undefined) owed.delete(keyOf(m.message.id));
      }
      return owed.size === 0;
    };
    const t0 = Date.now();
    let cases = 0;
    try {
      while (cases < MAX_CASES && Date.now() - t0 < TIME_BUDGET_MS) {
        const batch: Buffer[] = [];
        for (let i = 0; i < BATCH; i++, cases++) {
          const c = fuzz.next();
          batch.push(c.bytes);
          if (c.answer !== undefined) owed.add(keyOf(c.answer));
        }
        h.sendRaw(Buffer.concat(batch));
        await h
          .waitFor(() => settle(), 20_000, `answers to ${[...owed].slice(0, 5).join(", ")}`)
          .catch(() => {
            settle();
            throw new Error(`unanswered after ${cases} cases: ${[...owed].slice(0, 10).join(", ")}\nstderr: ${h.stderr.slice(-1500)}`);
          });
        expect(h.child.exitCode, "the host is still running").toBeNull();
      }
      expect(cases).toBeGreaterThanOrEqual(1000);
      expect(h.stdoutErrors, "every frame the host wrote was valid and under 1 MiB").toEqual([]);
      // Still serving after all that (once a restart the fuzzer asked for, if any, is done).
      await waitUntil(() => h.statuses().at(-1) === "running", 15_000, "the agent running");
      const init = await h.initialize();
      expect(init.result, JSON.stringify(init)).toBeDefined();
      expect(h.child.exitCode).toBeNull();
    } catch (e) {
      throw new Error(`fuzz failed with FUZZ_SEED=${SEED}: ${(e as Error).message}`);
    }
  }, 90_000);
});
