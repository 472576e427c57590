/**
 * The user's login-shell PATH. A browser started from the desktop gives its hosts a minimal PATH
 * (macOS: /usr/bin:/bin:/usr/sbin:/sbin; Linux sessions rarely source ~/.bashrc), so nvm, Homebrew,
 * ~/.local/bin and the tools goose's extensions run (npx, uvx, gh) are missing. The installer asks
 * the login shell once and records the answer in the host config.
 *
 * The shell runs a fixed script (nothing from the user is interpolated) that prints PATH between
 * markers, because rc files often print banners, motd or escape sequences before and after.
 */
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import type { PlatformInfo } from "../../native-host/setup/paths";

export const PATH_MARKER = "__GOOSE_BROWSER_PATH__";
/** Works in sh, bash, zsh and fish (fish joins a quoted "$PATH" with colons). */
export const LOGIN_SHELL_SCRIPT = `printf '%s%s%s\\n' '${PATH_MARKER}' "$PATH" '${PATH_MARKER}'`;
const LOGIN_SHELL_TIMEOUT_MS = 10_000;

/** The PATH between the first pair of markers, or undefined when the output has no such pair. */
export function parseMarkedPath(output: string): string | undefined {
  const start = output.indexOf(PATH_MARKER);
  if (start < 0) return undefined;
  const from = start + PATH_MARKER.length;
  const end = output.indexOf(PATH_MARKER, from);
  if (end < 0) return undefined;
  return output.slice(from, end);
}

/**
 * Absolute entries only (a relative PATH entry runs whatever is in the host's cwd), deduplicated,
 * without the node_modules dirs `npm run install-host` put on PATH (a login shell may keep them).
 */
export function cleanPath(value: string, platform: NodeJS.Platform): string {
  const sep = platform === "win32" ? ";" : ":";
  const lib = platform === "win32" ? path.win32 : path.posix;
  const seen = new Set<string>();
  for (const raw of value.split(sep)) {
    const dir = raw.trim();
    if (dir.length > 0 && lib.isAbsolute(dir) && !/[\\/]node_modules([\\/]|$)/.test(dir)) seen.add(dir);
  }
  return [...seen].join(sep);
}

export type LoginPath = { source: "login-shell"; shell: string; path: string } | { source: "environment"; path: string; why: string };

/** Which shell to ask: $SHELL when absolute, else the account's shell, else /bin/sh. */
function loginShell(p: PlatformInfo): string {
  const fromEnv = p.env.SHELL;
  if (fromEnv && path.posix.isAbsolute(fromEnv)) return fromEnv;
  try {
    const shell = os.userInfo().shell;
    if (shell && path.posix.isAbsolute(shell)) return shell;
  } catch {}
  return "/bin/sh";
}

export async function captureLoginPath(p: PlatformInfo, timeoutMs = LOGIN_SHELL_TIMEOUT_MS): Promise<LoginPath> {
  const current = cleanPath(p.env.PATH ?? p.env.Path ?? "", p.platform);
  // Windows hosts inherit the browser's environment, which already has the user's PATH.
  if (p.platform === "win32") return { source: "environment", path: current, why: "Windows: the current PATH" };
  const shell = loginShell(p);
  const result = await runShell(shell, p.env, timeoutMs);
  const marked = result.ok ? parseMarkedPath(result.stdout) : undefined;
  const cleaned = marked === undefined ? "" : cleanPath(marked, p.platform);
  if (cleaned.length > 0) return { source: "login-shell", shell, path: cleaned };
  const why = result.ok ? `${shell} printed no PATH` : result.why;
  return { source: "environment", path: current, why };
}

type ShellResult = { ok: true; stdout: string } | { ok: false; why: string };

function runShell(shell: string, env: PlatformInfo["env"], timeoutMs: number): Promise<ShellResult> {
  return new Promise((resolve) => {
    let stdout = "";
    let done = false;
    const finish = (r: ShellResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(r);
    };
    // detached: an interactive shell must not take over our terminal's foreground process group.
    const child = spawn(shell, ["-l", "-i", "-c", LOGIN_SHELL_SCRIPT], {
      env: { ...env, GOOSE_BROWSER_RESOLVING_ENVIRONMENT: "1" },
      stdio: ["ignore", "pipe", "ignore"],
      detached: true,
    });
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {}
      finish({ ok: false, why: `${shell} did not answer within ${timeoutMs / 1000} s` });
    }, timeoutMs);
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString("utf8");
      // Done as soon as the PATH is out: an rc file may leave a daemon holding stdout open.
      if (parseMarkedPath(stdout) !== undefined) finish({ ok: true, stdout });
    });
    child.on("error", (e) => finish({ ok: false, why: `cannot run ${shell}: ${e.message}` }));
    child.on("close", () => finish({ ok: true, stdout }));
  });
}
