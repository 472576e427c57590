/**
 * Windows registry access, behind a three-call interface so the installer's Windows logic is tested
 * anywhere with MemoryRegistry. Only default values (REG_SZ) of keys are used: Chromium and Firefox
 * read a native host's manifest path from the default value of
 * HKCU\Software\<vendor>\NativeMessagingHosts\<name>.
 */
import { execFile } from "node:child_process";
import path from "node:path";

export interface RegistryOps {
  /** Creates the key (and its parents) and sets its default value. */
  set(key: string, value: string): Promise<void>;
  /** The key's default value, or undefined when the key (or the value) does not exist. */
  get(key: string): Promise<string | undefined>;
  /** Deletes the key; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** "missing", "empty" (no values, no subkeys) or "used": whether the installer may remove a parent key it created. */
  state(key: string): Promise<KeyState>;
}

export type KeyState = "missing" | "empty" | "used";

/** In-memory registry for tests and dry runs. Keys compare case-insensitively, as Windows does. */
export class MemoryRegistry implements RegistryOps {
  readonly values = new Map<string, { key: string; value: string }>();
  /** Every key that exists, values or not (set creates the parents, as reg add does). */
  private readonly keys = new Map<string, string>();
  async set(key: string, value: string): Promise<void> {
    this.values.set(key.toLowerCase(), { key, value });
    for (let k = key; k.includes("\\"); k = k.slice(0, k.lastIndexOf("\\"))) this.keys.set(k.toLowerCase(), k);
  }
  async get(key: string): Promise<string | undefined> {
    return this.values.get(key.toLowerCase())?.value;
  }
  async delete(key: string): Promise<void> {
    const lower = key.toLowerCase();
    for (const map of [this.values, this.keys] as Map<string, unknown>[])
      for (const k of [...map.keys()]) if (k === lower || k.startsWith(`${lower}\\`)) map.delete(k);
  }
  async state(key: string): Promise<KeyState> {
    const lower = key.toLowerCase();
    if (!this.keys.has(lower)) return "missing";
    const used = this.values.has(lower) || [...this.keys.keys()].some((k) => k.startsWith(`${lower}\\`));
    return used ? "used" : "empty";
  }
  /** key → value, with the keys as first written. */
  snapshot(): Record<string, string> {
    return Object.fromEntries([...this.values.values()].map((e) => [e.key, e.value]));
  }
  /** Every existing key, values or not, as first written. */
  keyList(): string[] {
    return [...this.keys.values()].sort();
  }
}

/** reg.exe by absolute path (no PATH lookup, no shell), as the browser itself would find the key. */
export class RegExeRegistry implements RegistryOps {
  private readonly regExe: string;

  constructor(env: Record<string, string | undefined> = process.env) {
    this.regExe = path.win32.join(env.SystemRoot ?? env.windir ?? "C:\\Windows", "System32", "reg.exe");
  }

  async set(key: string, value: string): Promise<void> {
    const r = await this.run(["add", key, "/ve", "/t", "REG_SZ", "/d", value, "/f"]);
    if (r.code !== 0) throw new Error(`reg add ${key} failed: ${r.stderr.trim() || `exit ${r.code}`}`);
  }

  async get(key: string): Promise<string | undefined> {
    const r = await this.run(["query", key, "/ve"]);
    return r.code === 0 ? parseRegQueryDefault(r.stdout) : undefined;
  }

  async delete(key: string): Promise<void> {
    const r = await this.run(["delete", key, "/f"]);
    if (r.code !== 0 && (await this.get(key)) !== undefined)
      throw new Error(`reg delete ${key} failed: ${r.stderr.trim() || `exit ${r.code}`}`);
  }

  async state(key: string): Promise<KeyState> {
    const r = await this.run(["query", key]);
    if (r.code !== 0) return "missing";
    return regQueryIsEmpty(r.stdout) ? "empty" : "used";
  }

  private run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(this.regExe, args, { shell: false, windowsHide: true, timeout: 10_000 }, (err, stdout, stderr) => {
        const code = err ? (typeof (err as { code?: unknown }).code === "number" ? (err as { code: number }).code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr || (err && code !== 1 ? err.message : "")) });
      });
    });
  }
}

/**
 * The default value from `reg query <key> /ve` output:
 *     (Default)    REG_SZ    C:\Users\me\AppData\Local\goose-browser\x.json
 * The "(Default)" label is localized, so the line is found by its type column instead.
 */
export function parseRegQueryDefault(stdout: string): string | undefined {
  for (const line of stdout.split(/\r?\n/)) {
    const m = /\sREG_(?:EXPAND_)?SZ {4}(.*)$/.exec(line);
    if (m) return m[1]!;
  }
  return undefined;
}

/**
 * Whether `reg query <key>` printed nothing but the key's own name (values are indented lines, subkeys
 * lines of their full path). Anything more counts as used: `reg delete` removes a whole tree, so a key is
 * left in place rather than guessed empty.
 */
export function regQueryIsEmpty(stdout: string): boolean {
  return stdout.split(/\r?\n/).filter((l) => l.trim() !== "").length <= 1;
}
