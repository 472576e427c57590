/**
 * A virtual X display (Debian's xvfb) for the tests that need Firefox's real window, and xdotool to
 * give it real input: the only way to press a shortcut that Firefox treats as the user's own, which
 * is what sidebarAction.open() and close() insist on. No window manager runs, so input goes to the
 * window that has the focus, which a click gives.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { requireFile } from "../helpers/e2e-environment";

export interface VirtualDisplay {
  /** The DISPLAY value, e.g. ":99". */
  display: string;
  /** Clicks at (x, y) on the screen (which also focuses the window there). */
  click(x: number, y: number): void;
  /** Presses keys as xdotool names them, e.g. "alt+shift+g", in the focused window. */
  key(keys: string): void;
  close(): Promise<void>;
}

export async function startVirtualDisplay(): Promise<VirtualDisplay> {
  requireFile("/usr/bin/Xvfb", "apt-get install -y xvfb");
  requireFile("/usr/bin/xdotool", "apt-get install -y xdotool");
  // -displayfd: Xvfb picks a free display number and writes it to the given descriptor once ready.
  const xvfb = spawn("/usr/bin/Xvfb", ["-displayfd", "3", "-screen", "0", "1024x768x24", "-nolisten", "tcp"], {
    stdio: ["ignore", "ignore", "pipe", "pipe"],
  });
  const display = await new Promise<string>((resolve, reject) => {
    let text = "";
    let errors = "";
    xvfb.stderr?.on("data", (chunk: Buffer) => (errors += String(chunk)));
    (xvfb.stdio[3] as NodeJS.ReadableStream).on("data", (chunk: Buffer) => {
      text += String(chunk);
      if (text.includes("\n")) resolve(`:${text.trim()}`);
    });
    xvfb.once("exit", (code) => reject(new Error(`Xvfb exited with ${code} before it was ready: ${errors.slice(-500)}`)));
  });
  const xdotool = (...args: string[]) => execFileSync("/usr/bin/xdotool", args, { env: { ...process.env, DISPLAY: display } });
  return {
    display,
    click: (x, y) => void xdotool("mousemove", String(x), String(y), "click", "1"),
    key: (keys) => void xdotool("key", keys),
    close: () => stop(xvfb),
  };
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
