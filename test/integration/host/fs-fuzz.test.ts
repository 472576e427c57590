/**
 * Seeded fuzzing of the host's file system (native-host/files/): the scripted agent sends random and
 * malformed `fs/*` requests (odd methods, params of every wrong type, paths that climb, link, change
 * case, name drives, hold NUL or run long). Every request gets an answer, a result or a JSON-RPC
 * error with a message; the host never exits; nothing outside the session's folder is written or read
 * (a secret beside it never shows in an answer).
 *
 * FUZZ_SEED=n reproduces a run; the seed is printed when it fails.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { HostUnderTest, stopChecked } from "../../helpers/host-harness";
import { seededRandom } from "../../helpers/seeded-random";

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const ROUNDS = 6;
const PER_ROUND = 60;

let host: HostUnderTest | undefined;
afterEach(async () => {
  await stopChecked(host);
  host = undefined;
});

/** Every file under `dir` with its content, but the folders the host and agent keep for themselves. */
function snapshot(dir: string, skip: (p: string) => boolean): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (skip(p)) continue;
      if (e.isDirectory()) walk(p);
      else out[p] = e.isSymbolicLink() ? `-> ${fs.readlinkSync(p)}` : fs.readFileSync(p, "latin1");
    }
  };
  walk(dir);
  return out;
}

describe("fuzzing the host's file system", () => {
  it(`answers every malformed fs/* request with a clear error and touches nothing outside the session's folder (seed ${SEED})`, async () => {
    const r = seededRandom(SEED);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
    host = new HostUnderTest();
    const h = host;
    const work = path.join(h.dir, "work");
    const elsewhere = path.join(h.dir, "elsewhere");
    fs.mkdirSync(path.join(work, "sub"), { recursive: true });
    fs.mkdirSync(elsewhere);
    const secret = `SECRET-${SEED}`;
    fs.writeFileSync(path.join(elsewhere, "secret.txt"), `${secret}\n`);
    fs.writeFileSync(path.join(work, "binary.bin"), Buffer.from([1, 0, 2]));
    fs.symlinkSync(elsewhere, path.join(work, "link"));
    fs.symlinkSync(path.join(elsewhere, "secret.txt"), path.join(work, "secret-link.txt"));
    await h.startAgent();
    await h.initialize();
    const opened = await h.request("session/new", { cwd: work, mcpServers: [] });
    const sessionId = (opened.result as { sessionId: string }).sessionId;
    const outside = (p: string) =>
      p.startsWith(work) ||
      p.startsWith(path.join(h.dir, ".local")) ||
      p.startsWith(path.join(h.dir, "agent-state")) ||
      /\.(log|ndjson|json)$/.test(p);
    const before = snapshot(h.dir, outside);

    const bases = [
      work,
      `${work}/sub`,
      `${work}/link`,
      elsewhere,
      h.dir,
      "/",
      "/etc",
      "C:\\",
      "c:/Users",
      "\\\\server\\share",
      "relative",
      "",
      "~",
      `${work.toUpperCase()}`,
    ];
    const tails = [
      "a.txt",
      "../a.txt",
      "../../a.txt",
      "./a.txt",
      "sub/../../elsewhere/a.txt",
      "link/secret.txt",
      "secret-link.txt",
      "binary.bin",
      "A.TXT",
      "x\u0000y",
      "é.txt",
      "x".repeat(300),
      "sub/",
      "..",
      ".",
    ];
    const values: unknown[] = [null, 0, -1, 1.5, 2 ** 53, "3", true, [], {}, "", "x", 10 ** 9];
    const randomPath = (): unknown => (r() < 0.1 ? pick(values) : `${pick(bases)}${pick(["/", "\\", "//", ""])}${pick(tails)}`);
    const randomParams = (): unknown => {
      if (r() < 0.05) return pick([null, [], "params", 3]);
      const p: Record<string, unknown> = {};
      if (r() < 0.9) p.sessionId = r() < 0.85 ? "$SESSION" : pick(["other", "", 7, null]);
      if (r() < 0.95) p.path = randomPath();
      if (r() < 0.5) p.content = r() < 0.8 ? `fuzz ${Math.floor(r() * 1e6)}\n` : pick(values);
      if (r() < 0.3) p.line = pick(values);
      if (r() < 0.3) p.limit = pick(values);
      if (r() < 0.1) p.extra = { deep: [1, { x: 2 }] };
      return p;
    };
    const methods = [
      "fs/read_text_file",
      "fs/write_text_file",
      "fs/read_text_file",
      "fs/write_text_file",
      "fs/delete_file",
      "fs/",
      "fs/READ_TEXT_FILE",
    ];

    for (let round = 0; round < ROUNDS; round++) {
      const lines = Array.from({ length: PER_ROUND }, () => {
        const params = randomParams();
        return `fsraw ${pick(methods)} ${JSON.stringify(params).replaceAll("\n", "\\n")}`;
      });
      const seen = h.rpc().length;
      const answer = await h.request("session/prompt", { sessionId, prompt: [{ type: "text", text: lines.join("\n") }] }, 30_000);
      expect(answer.error, `seed ${SEED}`).toBeUndefined();
      const text = h
        .rpc()
        .slice(seen)
        .flatMap((m) =>
          m.method === "session/update" ? [(m.params as { update: { sessionUpdate: string; content?: { text?: string } } }).update] : [],
        )
        .filter((u) => u.sessionUpdate === "agent_message_chunk")
        .map((u) => u.content?.text ?? "")
        .join("");
      const results = text.split("\n");
      expect(results, `seed ${SEED}`).toHaveLength(PER_ROUND);
      for (const [i, line] of results.entries()) {
        expect(line, `seed ${SEED}: ${lines[i]}`).toMatch(/^fsraw (result \{.*\}|error -32(601|602|603|002) \S.*)$/s);
        expect(line, `seed ${SEED}: ${lines[i]}`).not.toContain(secret);
      }
      // The requests never reached the extension.
      expect(h.rpc().some((m) => m.method?.startsWith("fs/"))).toBe(false);
    }
    expect(h.child.exitCode).toBeNull();
    expect(snapshot(h.dir, outside), `seed ${SEED}`).toEqual(before);
    // It still serves a plain write after all that.
    const ok = await h.request("session/prompt", {
      sessionId,
      prompt: [{ type: "text", text: `fsraw fs/write_text_file {"sessionId":"$SESSION","path":"${work}/after.txt","content":"ok\\n"}` }],
    });
    expect(ok.error).toBeUndefined();
    expect(fs.readFileSync(path.join(work, "after.txt"), "utf8")).toBe("ok\n");
  });
});
