/**
 * The native-messaging host's entry: check the caller, read the config, open the log, run the relay,
 * and shut the agent down cleanly on stdin EOF or a signal. stdout carries frames and nothing else.
 * No exit skips stopping the agent: an uncaught error kills its process group synchronously before
 * the host exits, and a host killed outright is covered by the reaper (agent/reaper.ts).
 */
import os from "node:os";
import { Relay } from "./relay/relay";
import { isAllowedCaller, parseCaller } from "./setup/caller";
import { loadConfig } from "./setup/config";
import { Logger } from "./setup/log";
import { configFile, type PlatformInfo } from "./setup/paths";
import { IS_BUN } from "./setup/runtime";
import { HOST_VERSION } from "./setup/version";
import { stdinSource } from "./wire/browser-input";

function main(): void {
  const platform: PlatformInfo = { platform: process.platform, home: os.homedir(), env: process.env };
  const loaded = loadConfig(configFile(platform), platform);
  const log = new Logger(loaded.config.logFile, loaded.config.debug);
  const caller = parseCaller(process.argv.slice(2));
  log.info(
    `goose-browser host ${HOST_VERSION} started by ${JSON.stringify(process.argv.slice(2))}; ` +
      `config ${loaded.file}${loaded.found ? "" : " (absent, defaults)"}`,
  );
  if (loaded.error) log.error(loaded.error);
  if (!isAllowedCaller(caller, loaded.config.allowedExtensionIds)) {
    log.error(`refusing caller ${JSON.stringify(process.argv.slice(2))}: not an allowed goose-browser extension`);
    log.close();
    process.exitCode = 3;
    return;
  }

  const input = stdinSource();
  const relay = new Relay({ input, output: process.stdout, loaded, platform, log, hostPath: IS_BUN ? process.execPath : __filename });
  let exiting = false;
  const exit = (why: string) => {
    if (exiting) return;
    exiting = true;
    log.info(`shutting down: ${why}`);
    void relay.close().then(() => {
      log.info("bye");
      log.close();
      process.exit(0);
    });
  };
  const die = (kind: string, e: unknown) => {
    try {
      relay.killAgentNow();
    } finally {
      log.error(`${kind}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}; agent killed, exiting`);
      log.close();
      process.exit(70);
    }
  };
  process.on("uncaughtException", (e) => die("uncaught exception", e));
  process.on("unhandledRejection", (e) => die("unhandled rejection", e));
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.on(signal, () => exit(signal));
  input.onEnd(() => exit("stdin closed"));
  // The browser went away mid-write: nothing left to talk to.
  process.stdout.on("error", (e) => exit(`stdout error ${(e as NodeJS.ErrnoException).code ?? e.message}`));
  relay.start();
}

main();
