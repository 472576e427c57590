/**
 * The host config as last read: at start, again whenever the file changes (setup/config-watch.ts) and
 * before every start or restart, so a profile added a moment ago (`goose-browser add`) is usable without
 * a browser restart. A change reaches the next start (a running agent keeps running); the extension
 * hears of new profiles, default or folder through a `config` message.
 */
import type { HostConfigUpdate } from "../../shared/host-protocol";
import { type LoadedConfig, loadConfig } from "../setup/config";
import { watchConfigFile } from "../setup/config-watch";
import type { Logger } from "../setup/log";
import type { PlatformInfo } from "../setup/paths";

export interface LiveConfigOptions {
  platform: PlatformInfo;
  log: Logger;
  /** The file changed: `update` is what the extension must hear, when something it shows changed. */
  changed(next: LoadedConfig, update: HostConfigUpdate | undefined): void;
}

export class LiveConfig {
  private stopWatching: (() => void) | undefined;

  constructor(
    public loaded: LoadedConfig,
    private readonly o: LiveConfigOptions,
  ) {}

  watch(): void {
    this.stopWatching = watchConfigFile(
      this.loaded.file,
      () => this.reload(),
      (message) => this.o.log.info(message),
    );
  }

  stop(): void {
    this.stopWatching?.();
  }

  reload(): void {
    const next = loadConfig(this.loaded.file, this.o.platform);
    if (JSON.stringify(next) === JSON.stringify(this.loaded)) return;
    const before = JSON.stringify(configUpdate(this.loaded));
    this.loaded = next;
    this.o.log.info(`config ${next.file} changed; profiles: ${next.config.profileNames.join(", ")}`);
    if (next.error) this.o.log.error(next.error);
    const update = configUpdate(next);
    this.o.changed(next, JSON.stringify(update) !== before ? update : undefined);
  }
}

function configUpdate({ config, file, error }: LoadedConfig): HostConfigUpdate {
  return {
    type: "config",
    profiles: config.profileNames,
    defaultProfile: config.defaultProfile,
    cwd: config.cwd,
    configFile: file,
    ...(error ? { configError: error } : {}),
  };
}
