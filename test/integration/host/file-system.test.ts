/**
 * The host serves the agent's ACP file system itself (native-host/files/): the built host over real
 * pipes, the scripted goose in its fs-delegating mode (goose 1.52's requests, file-system.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { EditUndo, FileEdit } from "../../../shared/file-edits";
import type { JsonRpcMessage } from "../../../shared/host-protocol";
import { FAKE_GOOSE, HostUnderTest, stopChecked } from "../../helpers/host-harness";

let host: HostUnderTest | undefined;
afterEach(async () => {
  await stopChecked(host);
  host = undefined;
});

type Update = { sessionUpdate: string; content?: { text?: string }; [k: string]: unknown };

interface Setup {
  host: HostUnderTest;
  work: string;
  sessionId: string;
}

/** With `serveFiles` set, the profile says so; its agent logs what it receives to `agentLog`. */
async function setup(o: { serveFiles?: boolean; clientFs?: boolean; additional?: string[]; agentLog?: string } = {}): Promise<Setup> {
  const env = o.agentLog ? { SCRIPTED_AGENT_LOG: o.agentLog } : {};
  const h = new HostUnderTest(
    o.serveFiles === undefined ? {} : { profiles: { goose: { command: FAKE_GOOSE, args: ["acp"], env, serveFiles: o.serveFiles } } },
  );
  host = h;
  const work = path.join(h.dir, "work");
  fs.mkdirSync(work);
  await h.startAgent();
  const fsOffered = o.clientFs ?? false;
  const init = await h.request("initialize", {
    protocolVersion: 1,
    clientCapabilities: { fs: { readTextFile: fsOffered, writeTextFile: fsOffered }, terminal: false },
  });
  expect(init.error).toBeUndefined();
  const r = await h.request("session/new", { cwd: work, mcpServers: [], ...(o.additional ? { additionalDirectories: o.additional } : {}) });
  expect(r.error).toBeUndefined();
  return { host: h, work, sessionId: (r.result as { sessionId: string }).sessionId };
}

/** One turn: the agent's text of it, once the prompt answered. */
async function turn(s: Setup, text: string): Promise<string> {
  const before = s.host.rpc().length;
  const r = await s.host.request("session/prompt", { sessionId: s.sessionId, prompt: [{ type: "text", text }] }, 20_000);
  expect(r.error).toBeUndefined();
  return s.host
    .rpc()
    .slice(before)
    .flatMap((m) => (m.method === "session/update" ? [(m.params as { update: Update }).update] : []))
    .filter((u) => u.sessionUpdate === "agent_message_chunk")
    .map((u) => u.content?.text ?? "")
    .join("");
}

const edits = (h: HostUnderTest): FileEdit[] =>
  h.received.flatMap((m) => (m.kind === "host" && m.event.type === "file_edit" ? [m.event as FileEdit] : []));
const agentSaw = (h: HostUnderTest, method: string): JsonRpcMessage[] => h.agentReceived().filter((m) => m.method === method);
const answersToAgent = (h: HostUnderTest): JsonRpcMessage[] =>
  h.agentReceived().filter((m) => m.method === undefined && typeof m.id === "number" && m.id < 1000);

async function undo(h: HostUnderTest, sessionId: string, editId: string): Promise<EditUndo> {
  const seen = h.received.length;
  h.send({ host: { type: "undo_edit", sessionId, editId } });
  const m = await h.waitFor((r) => h.received.indexOf(r) >= seen && r.kind === "host" && r.event.type === "edit_undo", 10_000, "edit_undo");
  return (m as { event: EditUndo }).event;
}

function journalDir(h: HostUnderTest): string {
  return path.join(h.dir, ".local", "share", "goose-browser", "edits");
}

describe("the host serves the agent's fs/* requests", () => {
  it("tells the agent it offers a file system (whatever the extension said) and serves a write, journalled and reported", async () => {
    const s = await setup();
    expect(agentSaw(s.host, "initialize")[0]?.params).toMatchObject({
      clientCapabilities: { fs: { readTextFile: true, writeTextFile: true }, terminal: false },
    });

    expect(await turn(s, "write notes/hello.txt first line")).toBe("write completed");
    const file = path.join(s.work, "notes", "hello.txt");
    expect(fs.readFileSync(file, "utf8")).toBe("first line\n");
    // The request never reached the extension; the agent got `{}`, the extension a file_edit.
    expect(s.host.rpc().some((m) => m.method?.startsWith("fs/"))).toBe(false);
    expect(answersToAgent(s.host).at(-1)).toMatchObject({ result: {} });
    const [edit] = edits(s.host);
    expect(edit).toMatchObject({
      sessionId: s.sessionId,
      path: file,
      agentPath: `${s.work}/notes/hello.txt`,
      before: null,
      after: "first line\n",
      beforeBytes: null,
      afterBytes: 11,
    });

    const journal = JSON.parse(
      fs.readFileSync(path.join(journalDir(s.host), fs.readdirSync(journalDir(s.host))[0]!, "journal.json"), "utf8"),
    );
    expect(journal).toMatchObject({ sessionId: s.sessionId, edits: [{ editId: edit!.editId, path: file, existed: false }] });
  });

  it("edits through a read and a write, keeping mode, CRLF line ends and the byte-order mark, and journals the before", async () => {
    const s = await setup();
    const file = path.join(s.work, "app.txt");
    fs.writeFileSync(file, "\uFEFFone\r\ntwo\r\nthree\r\n");
    fs.chmodSync(file, 0o640);
    expect(await turn(s, `edit app.txt {"before":"two","after":"2"}`)).toBe("edit completed");
    expect(fs.readFileSync(file, "utf8")).toBe("\uFEFFone\r\n2\r\nthree\r\n");
    expect(fs.statSync(file).mode & 0o777).toBe(0o640);
    // The agent read LF text (its `before` matched across lines as a model writes them).
    expect(agentSaw(s.host, "session/prompt")).toHaveLength(1);
    const [edit] = edits(s.host);
    expect(edit).toMatchObject({ before: "one\r\ntwo\r\nthree\r\n", after: "one\r\n2\r\nthree\r\n" });
    const folder = path.join(journalDir(s.host), fs.readdirSync(journalDir(s.host))[0]!);
    expect(fs.readFileSync(path.join(folder, `${edit!.editId}.before`), "utf8")).toBe("\uFEFFone\r\ntwo\r\nthree\r\n");
  });

  it("leaves the texts out of a file_edit that would pass the native port's 1 MiB, keeping the sizes", async () => {
    const s = await setup();
    const file = path.join(s.work, "large.txt");
    const old = "a".repeat(600 * 1024);
    fs.writeFileSync(file, old);
    const next = "b".repeat(600 * 1024);
    expect(await turn(s, `write large.txt ${JSON.stringify(next)}`)).toBe("write completed");
    expect(fs.readFileSync(file, "utf8")).toBe(next);
    const [edit] = edits(s.host);
    expect(edit).toMatchObject({ omitted: "too_large", beforeBytes: old.length, afterBytes: next.length });
    expect(edit).not.toHaveProperty("before");
    expect(edit).not.toHaveProperty("after");
    // Undo still works from the journal.
    expect(await undo(s.host, s.sessionId, edit!.editId)).toMatchObject({ outcome: "undone" });
    expect(fs.readFileSync(file, "utf8")).toBe(old);
  });

  it("reads with line and limit", async () => {
    const s = await setup();
    fs.writeFileSync(path.join(s.work, "lines.txt"), "a\nb\nc\nd\n");
    const text = await turn(s, "read lines.txt 2 2");
    expect(text).toBe("read completed");
    const update = s.host
      .rpc()
      .flatMap((m) =>
        m.method === "session/update" ? [(m.params as { update: Update & { status?: string; content?: unknown } }).update] : [],
      )
      .find((u) => u.sessionUpdate === "tool_call_update" && u.status === "completed");
    expect(JSON.stringify(update?.content)).toContain('"text":"b\\nc\\n"');
  });

  it("refuses paths outside the session's folders: .., a symlink, an absolute path, a case trick, a drive letter", async () => {
    const outside = path.join(os.tmpdir(), `gb-never-${process.pid}-${Date.now()}`);
    const s = await setup();
    const elsewhere = path.join(s.host.dir, "elsewhere");
    fs.mkdirSync(elsewhere);
    fs.writeFileSync(path.join(elsewhere, "secret.txt"), "secret\n");
    fs.symlinkSync(elsewhere, path.join(s.work, "link"));
    const tries = [
      `${s.work}/../elsewhere/new.txt`,
      `${s.work}/link/new.txt`,
      `${s.work}/link/secret.txt`,
      path.join(elsewhere, "new.txt"),
      path.join(s.host.dir, "WORK", "new.txt"),
      "C:\\Users\\me\\new.txt",
      "c:/work/new.txt",
      path.join(outside, "new.txt"),
    ];
    for (const p of tries) {
      const write = await turn(s, `fsraw fs/write_text_file {"sessionId":"$SESSION","path":${JSON.stringify(p)},"content":"x"}`);
      expect(write, p).toMatch(/^fsraw error -32602 /);
      expect(write, p).toMatch(p.includes(":") ? /not an absolute path/ : new RegExp(`outside this session's folders \\(${s.work}\\)`));
      const read = await turn(s, `fsraw fs/read_text_file {"sessionId":"$SESSION","path":${JSON.stringify(p)}}`);
      expect(read, p).toMatch(/^fsraw error -32602 /);
    }
    expect(fs.readdirSync(elsewhere)).toEqual(["secret.txt"]);
    expect(fs.readFileSync(path.join(elsewhere, "secret.txt"), "utf8")).toBe("secret\n");
    expect(fs.existsSync(path.join(s.host.dir, "WORK"))).toBe(false);
    expect(fs.existsSync(outside)).toBe(false);
    expect(edits(s.host)).toEqual([]);
    // `..` after a symlink climbs from its target, as the OS does: `work/link/..` is the test's folder, not `work`.
    const climb = await turn(s, `fsraw fs/write_text_file {"sessionId":"$SESSION","path":"${s.work}/link/../inside.txt","content":"x"}`);
    expect(climb).toMatch(/outside this session's folders/);
    expect(fs.existsSync(path.join(s.host.dir, "inside.txt"))).toBe(false);
    // Through a real folder and back, `..` stays inside and is served.
    fs.mkdirSync(path.join(s.work, "sub"));
    expect(await turn(s, `fsraw fs/write_text_file {"sessionId":"$SESSION","path":"${s.work}/sub/../inside.txt","content":"in\\n"}`)).toBe(
      "fsraw result {}",
    );
    expect(fs.readFileSync(path.join(s.work, "inside.txt"), "utf8")).toBe("in\n");
  });

  it("serves additionalDirectories, and nothing of the host's own files", async () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), "gb-extra-"));
    try {
      const s = await setup({ additional: [other] });
      expect(await turn(s, `write ${other}/extra.txt more`)).toBe("write completed");
      expect(fs.readFileSync(path.join(other, "extra.txt"), "utf8")).toBe("more\n");
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
    // The host's config lives in the test's folder; a session there may not touch it.
    const s2 = await (async () => {
      await stopChecked(host);
      const h = new HostUnderTest();
      host = h;
      await h.startAgent();
      await h.initialize();
      const r = await h.request("session/new", { cwd: h.dir, mcpServers: [] });
      return { host: h, work: h.dir, sessionId: (r.result as { sessionId: string }).sessionId };
    })();
    const config = fs.readFileSync(path.join(s2.host.dir, "host.json"), "utf8");
    const write = await turn(s2, `fsraw fs/write_text_file {"sessionId":"$SESSION","path":"${s2.host.dir}/host.json","content":"{}"}`);
    expect(write).toMatch(/^fsraw error -32602 .*goose-browser's own folder/);
    expect(fs.readFileSync(path.join(s2.host.dir, "host.json"), "utf8")).toBe(config);
  });

  it("refuses binary, non-UTF-8 and too large files, and touches none of them", async () => {
    const s = await setup();
    const binary = path.join(s.work, "image.bin");
    fs.writeFileSync(binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    const latin1 = path.join(s.work, "latin1.txt");
    fs.writeFileSync(latin1, Buffer.from("caf\xe9\n", "latin1"));
    const big = path.join(s.work, "big.txt");
    fs.writeFileSync(big, "x".repeat(2 * 1024 * 1024));
    for (const [file, why] of [
      [binary, /binary file/],
      [latin1, /not UTF-8 text/],
      [big, /too large \(2097152 bytes\)/],
    ] as const) {
      expect(await turn(s, `fsraw fs/read_text_file {"sessionId":"$SESSION","path":"${file}"}`)).toMatch(why);
      expect(await turn(s, `write ${file} replaced`)).toBe("write failed");
    }
    expect(fs.readFileSync(binary)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    expect(fs.readFileSync(latin1)).toEqual(Buffer.from("caf\xe9\n", "latin1"));
    expect(fs.statSync(big).size).toBe(2 * 1024 * 1024);
    expect(edits(s.host)).toEqual([]);
    // Writing more than the cap is refused too.
    const huge = await turn(
      s,
      `fsraw fs/write_text_file {"sessionId":"$SESSION","path":"${s.work}/new.txt","content":"${"y".repeat(1024 * 1024 - 2048)}"}`,
    );
    expect(huge).toMatch(/^fsraw error -32602 .*too large/);
    expect(fs.existsSync(path.join(s.work, "new.txt"))).toBe(false);
  });

  it("undoes an edit while the file is as the agent left it, and refuses once it changed", async () => {
    const s = await setup();
    const file = path.join(s.work, "a.txt");
    fs.writeFileSync(file, "v1\n");
    await turn(s, "write a.txt v2");
    await turn(s, "write a.txt v3");
    await turn(s, "write created.txt new");
    const [first, second, created] = edits(s.host);
    expect([first?.before, first?.after, second?.before, second?.after]).toEqual(["v1\n", "v2\n", "v2\n", "v3\n"]);

    // The older edit first: the file holds v3, not the v2 it wrote: refused, untouched.
    expect(await undo(s.host, s.sessionId, first!.editId)).toMatchObject({ outcome: "changed", path: file, current: "v3\n" });
    expect(fs.readFileSync(file, "utf8")).toBe("v3\n");
    expect(await undo(s.host, s.sessionId, second!.editId)).toMatchObject({ outcome: "undone" });
    expect(fs.readFileSync(file, "utf8")).toBe("v2\n");
    expect(await undo(s.host, s.sessionId, first!.editId)).toMatchObject({ outcome: "undone" });
    expect(fs.readFileSync(file, "utf8")).toBe("v1\n");
    expect(await undo(s.host, s.sessionId, first!.editId)).toMatchObject({ outcome: "unknown" });

    // Changed by someone else since: never overwritten.
    fs.appendFileSync(path.join(s.work, "created.txt"), "mine\n");
    expect(await undo(s.host, s.sessionId, created!.editId)).toMatchObject({ outcome: "changed", current: "new\nmine\n" });
    expect(fs.readFileSync(path.join(s.work, "created.txt"), "utf8")).toBe("new\nmine\n");
    // A created file, unchanged, is removed.
    await turn(s, "write fresh.txt hi");
    expect(await undo(s.host, s.sessionId, edits(s.host).at(-1)!.editId)).toMatchObject({ outcome: "undone" });
    expect(fs.existsSync(path.join(s.work, "fresh.txt"))).toBe(false);
    expect(await undo(s.host, "no-such-session", first!.editId)).toMatchObject({ outcome: "unknown" });
  });

  it("drops a session's journal when the session is deleted", async () => {
    const s = await setup();
    await turn(s, "write kept.txt x");
    expect(fs.readdirSync(journalDir(s.host))).toHaveLength(1);
    const r = await s.host.request("session/delete", { sessionId: s.sessionId });
    expect(r.error).toBeUndefined();
    await expect.poll(() => fs.readdirSync(journalDir(s.host))).toEqual([]);
    expect(fs.readFileSync(path.join(s.work, "kept.txt"), "utf8")).toBe("x\n");
  });

  it("with serveFiles off: the agent is told no file system, even if the extension offers one, and its fs/* requests are refused", async () => {
    const agentLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "gb-fs-log-")), "agent.ndjson");
    const s = await setup({ serveFiles: false, clientFs: true, agentLog });
    const received = fs
      .readFileSync(agentLog, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as JsonRpcMessage);
    expect(received.find((m) => m.method === "initialize")?.params).toMatchObject({
      clientCapabilities: { fs: { readTextFile: false, writeTextFile: false } },
    });
    // goose then writes on its own.
    expect(await turn(s, "write own.txt mine")).toBe("write completed");
    expect(edits(s.host)).toEqual([]);
    expect(await turn(s, `fsraw fs/write_text_file {"sessionId":"$SESSION","path":"${s.work}/x.txt","content":"x"}`)).toMatch(
      /^fsraw error -32601 .*serveFiles is off/,
    );
    expect(fs.existsSync(path.join(s.work, "x.txt"))).toBe(false);
  });

  it("a host killed in the middle of a write leaves the old file whole, and the next host's write there removes its temporary file", async () => {
    const old = "old line\n".repeat(50_000);
    const next = "new line\n".repeat(100_000);
    let caught = 0;
    let leftIn: string | undefined;
    for (let attempt = 0; attempt < 8 && caught < 2; attempt++) {
      const s = await setup();
      const file = path.join(s.work, "big.txt");
      fs.writeFileSync(file, old);
      // The moment the temporary file appears, the host is killed outright (as a crash or `kill -9` would).
      const pid = s.host.child.pid!;
      const watcher = fs.watch(s.work, (_event, name) => {
        if (name?.startsWith(".big.txt.goose-browser-")) {
          try {
            process.kill(pid, "SIGKILL");
          } catch {
            // Already gone.
          }
        }
      });
      s.host.send({
        jsonrpc: "2.0",
        id: 1,
        method: "session/prompt",
        params: { sessionId: s.sessionId, prompt: [{ type: "text", text: `write big.txt ${JSON.stringify(next)}` }] },
      });
      await s.host.exit;
      watcher.close();
      const now = fs.readFileSync(file, "utf8");
      // Whole, old or new: never a mix, never empty.
      expect(now === old || now === next, `attempt ${attempt}: ${now.length} characters`).toBe(true);
      const left = fs.readdirSync(s.work).filter((n) => n.startsWith(".big.txt.goose-browser-"));
      if (left.length > 0) {
        // Killed before the rename: the file is still the old one.
        expect(now).toBe(old);
        caught++;
        leftIn = s.work;
      }
      await stopChecked(host);
      host = undefined;
    }
    expect(caught, "the kill never landed while the temporary file was being written").toBeGreaterThan(0);
    // A later host writing in that folder removes what the killed one left, and only that.
    const stale = leftIn!;
    const ours = path.join(stale, `.other.txt.goose-browser-${process.pid}-0123abcd.tmp`);
    fs.writeFileSync(ours, "a temporary file of a host still running");
    const s = await setup({ additional: [stale] });
    expect(await turn(s, `write ${stale}/after.txt done`)).toBe("write completed");
    expect(fs.readdirSync(stale).filter((n) => n.startsWith(".big.txt.goose-browser-"))).toEqual([]);
    expect(fs.existsSync(ours)).toBe(true);
  });
});
