/**
 * A throwaway machine for installer tests: a temp HOME (nothing touches the real one), a fake login
 * shell that prints rc-file noise around the real PATH script, a fake policy root, an in-memory
 * registry, and runCli wired to all of them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { MemoryRegistry } from "../../install-scripts/browsers/registry";
import { runCli } from "../../install-scripts/cli";
import { type CliContext, checkoutSource } from "../../install-scripts/cli-context";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const DIST_BUNDLE = path.join(ROOT, "dist/native-host/host.cjs");
export const FAKE_GOOSE = path.join(ROOT, "dist/fixtures/bin/goose");
export const FAKE_GOOSE_DIR = path.dirname(FAKE_GOOSE);

export function requireBuilt(): void {
  for (const [file, how] of [
    [DIST_BUNDLE, "npm run build:host"],
    [FAKE_GOOSE, "npm run build:fixtures"],
  ] as const) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`${how}\` first`);
  }
}

export interface MachineOptions {
  platform?: NodeJS.Platform;
  /** The PATH the login shell reports (default: the fake goose's dir, then /usr/bin:/bin). */
  loginPath?: string;
  /** Dirs to create under HOME before installing (browser profile dirs and the like). */
  dirs?: string[];
  /** Programs to create under the fake system root ("/opt/google/chrome/chrome"): installed browsers. */
  apps?: string[];
}

export class TempMachine {
  readonly root = fs.mkdtempSync(path.join(os.tmpdir(), "gb-install-"));
  readonly home = path.join(this.root, "home");
  readonly policyRoot = path.join(this.root, "policy-root");
  /** Stands in for "/" where the installer looks for browsers' programs, so the real machine's do not count. */
  readonly systemRoot = path.join(this.root, "system-root");
  /**
   * The machine's TMPDIR: doctor's live check keeps TMPDIR for the host, which hands it to the agent,
   * so what they put in the temp dir (the scripted agent's default state folder) stays in the machine.
   */
  readonly tmp = path.join(this.root, "tmp");
  readonly shell = path.join(this.root, "bin", "login-shell");
  readonly registry = new MemoryRegistry();
  readonly platform: NodeJS.Platform;
  env: Record<string, string>;

  constructor(o: MachineOptions = {}) {
    this.platform = o.platform ?? "linux";
    fs.mkdirSync(this.home);
    fs.mkdirSync(path.dirname(this.shell));
    for (const d of o.dirs ?? []) fs.mkdirSync(this.path(d), { recursive: true });
    fs.mkdirSync(this.systemRoot);
    fs.mkdirSync(this.tmp);
    for (const a of o.apps ?? []) this.installApp(a);
    // Like a real login shell: noise from rc files around the output of the script it is given ($4).
    const loginPath = o.loginPath ?? `${FAKE_GOOSE_DIR}:/usr/bin:/bin`;
    fs.writeFileSync(this.shell, `#!/bin/sh\necho "Welcome back! (motd)"\nPATH='${loginPath}'; export PATH\neval "$4"\necho "rc: done"\n`, {
      mode: 0o755,
    });
    this.env = { HOME: this.home, PATH: "/usr/bin:/bin", SHELL: this.shell, LANG: "C.UTF-8", TMPDIR: this.tmp };
  }

  /** "Installs" a browser: an executable at `file` under the fake system root. */
  installApp(file: string): void {
    const full = path.join(this.systemRoot, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, "#!/bin/sh\nexit 0\n", { mode: 0o755 });
  }

  /** An absolute path inside HOME. */
  path(rel: string): string {
    return path.join(this.home, rel);
  }

  context(out: string[]): CliContext {
    return {
      p: { platform: this.platform, home: this.home, env: this.env },
      execPath: process.execPath,
      nodeVersion: process.version,
      source: checkoutSource(ROOT),
      registry: this.registry,
      policyRoot: this.policyRoot,
      systemRoot: this.systemRoot,
      out: (t) => void out.push(t),
      err: (t) => void out.push(t),
      liveTimeoutMs: 20_000,
    };
  }

  async run(...argv: string[]): Promise<{ code: number; out: string }> {
    const out: string[] = [];
    const code = await runCli(argv, this.context(out));
    return { code, out: out.join("") };
  }

  async doctor(...argv: string[]): Promise<{ code: number; report: DoctorJson }> {
    const r = await this.run("doctor", "--json", ...argv);
    return { code: r.code, report: JSON.parse(r.out) as DoctorJson };
  }

  /** Every entry under HOME: relative path, "/" for dirs, and optionally size + mtime. */
  snapshot(withTimes = false): string[] {
    const out: string[] = [];
    const walk = (dir: string) => {
      for (const name of fs.readdirSync(dir).sort()) {
        const full = path.join(dir, name);
        const st = fs.lstatSync(full);
        const rel = path.relative(this.home, full);
        if (st.isDirectory()) {
          out.push(`${rel}/`);
          walk(full);
        } else out.push(withTimes ? `${rel} ${(st.mode & 0o777).toString(8)} ${st.size} ${st.mtimeMs}` : rel);
      }
    };
    walk(this.home);
    return out;
  }

  mode(rel: string): string {
    return (fs.statSync(this.path(rel)).mode & 0o777).toString(8);
  }

  read(rel: string): string {
    return fs.readFileSync(this.path(rel), "utf8");
  }

  dispose(): void {
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

export interface DoctorJson {
  ok: boolean;
  findings: Array<{ section: string; severity: "ok" | "info" | "warn" | "problem"; subject: string; message: string; fix?: string }>;
  live?: {
    ok: boolean;
    step?: string;
    message?: string;
    hello?: { hostVersion: string; protocolVersion: number };
    status?: { state: string; command: string };
    agent?: string;
    exitCode?: number | null;
  };
}

export const problems = (r: DoctorJson) => r.findings.filter((f) => f.severity === "problem");
