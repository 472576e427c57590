/**
 * The real goose in the Chromium harness: the goose CLI from npm (test/goose/package.json pins the
 * oldest 1.x published and the newest; `GOOSE_BINARY=/path/to/goose` tests another), offline, with
 * our model server (test/fixtures/model-server/) standing in for its provider. goose runs behind a
 * small wrapper that copies what it reads and writes to the harness's agent log and stdout file, so
 * `agentMessages()` and `agentOutput()` work as they do with the scripted agent.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { onTestFinished } from "vitest";
import type { Launch } from "../e2e/fixture";
import { type ModelServer, startModelServer } from "../fixtures/model-server/server";
import type { Harness, HarnessOptions } from "../helpers/chromium/harness";
import { ROOT } from "../helpers/chromium/harness";
import { agentBubbles, LONG, sendPrompt, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";
import type { GooseServe } from "../helpers/goose-serve";

export interface GooseBuild {
  /** What `goose --version` printed, trimmed (goose prints a leading space). */
  version: string;
  binary: string;
}

const PINNED = ["goose-oldest", "goose-newest"].map((name) => path.join(ROOT, "test/goose/node_modules", name, "bin/goose"));

/** The goose builds under test: `GOOSE_BINARY`, or both pins. */
export function gooseBuilds(): GooseBuild[] {
  const wanted = process.env.GOOSE_BINARY ? [path.resolve(process.env.GOOSE_BINARY)] : PINNED;
  return wanted.map((binary) => {
    if (!fs.existsSync(binary)) throw new Error(`${binary} is missing: run \`npm ci --prefix test/goose\` (or set GOOSE_BINARY)`);
    return { version: execFileSync(binary, ["--version"], { encoding: "utf8" }).trim(), binary };
  });
}

export interface GooseHarness {
  h: Harness;
  model: ModelServer;
  /** goose's data folder (sessions) for this harness. */
  home: string;
}

export interface GooseLaunchOptions extends HarnessOptions {
  /** false: goose has no provider configured, as before `goose configure`. */
  provider?: boolean;
  /** The model goose is told to use and the server lists (default: the server's stand-in name). */
  model?: string;
}

/** Starts the model server and a browser whose host runs `build`; both are closed after the test. */
export async function launchGoose(launch: Launch, build: GooseBuild, options: GooseLaunchOptions = {}): Promise<GooseHarness> {
  const model = await startModelServer(0, options.model);
  onTestFinished(() => model.close());
  const wrapperDir = fs.mkdtempSync(path.join(os.tmpdir(), "goose-real-"));
  onTestFinished(() => fs.rmSync(wrapperDir, { recursive: true, force: true }));
  const wrapper = writeWrapper(wrapperDir, build.binary);
  const env = model.gooseEnv();
  if (options.provider === false) delete env.GOOSE_PROVIDER;
  const h = await launch({ ...options, gooseCommand: wrapper, agentEnv: { ...env, ...options.agentEnv } });
  return { h, model, home: path.join(h.agentStateDir, "home") };
}

/**
 * A launcher that runs goose with a HOME inside the harness's agent state dir, and copies its stdin
 * to the harness's agent log and its stdout to the agent stdout file (both beside the state dir,
 * e2e-environment.ts's agentFiles). Other commands (`--version`) run goose directly.
 */
function writeWrapper(dir: string, binary: string): string {
  const file = path.join(dir, "goose");
  const q = (v: string) => `'${v.replace(/'/g, `'\\''`)}'`;
  fs.writeFileSync(
    file,
    [
      "#!/bin/sh",
      'HOME="$SCRIPTED_AGENT_STATE_DIR/home"; export HOME; mkdir -p "$HOME"',
      `if [ "$1" != acp ]; then exec ${q(binary)} "$@"; fi`,
      'out="$(dirname "$SCRIPTED_AGENT_LOG")/agent-stdout.ndjson"',
      `tee -a "$SCRIPTED_AGENT_LOG" | ${q(binary)} "$@" | tee -a "$out"`,
      "",
    ].join("\n"),
    { mode: 0o755 },
  );
  return file;
}

/** One turn with our model server, which answers "You said: <words>"; waits for its end. */
export async function chat(page: Page, words: string): Promise<void> {
  await sendPrompt(page, words);
  await waitForText(agentBubbles(page), `You said: ${words}`);
  await waitForTurnEnd(page);
}

/**
 * The server killed and started again under a panel that had one turn: the panel says goose stopped,
 * comes back by itself, and goes on in the same session (goose had it on disk, and the panel loaded it
 * on the new connection).
 */
export async function goesOnAfterRestart(page: Page, serve: GooseServe): Promise<void> {
  await serve.kill();
  await page
    .getByText(/stopped unexpectedly/)
    .first()
    .waitFor({ timeout: LONG });
  await serve.start();
  await waitForReady(page);
  await sendPrompt(page, "after the restart");
  await waitForText(agentBubbles(page), "You said: after the restart", LONG);
  await waitForTurnEnd(page);
  if ((await agentBubbles(page).count()) !== 2) throw new Error("the panel did not go on in the same session after the restart");
}
