/**
 * doctor's check of each goose serve profile: the server asked as the host asks it before connecting
 * (native-host/serve/serve-check.ts), so a wrong token, a server that is not running, a certificate or a
 * goose too old shows here with its fix. The token is never printed.
 */

import { checkServe } from "../../native-host/serve/serve-check";
import type { LoadedConfig } from "../../native-host/setup/config";
import { type Finding, ok, problem } from "../report";
import { agentSubject, aside } from "./profile-in-use";

export async function serveFindings(loaded: LoadedConfig, inUse: string): Promise<Finding[]> {
  const { config, file } = loaded;
  const checks = Object.entries(config.serveProfiles).map(async ([name, profile]): Promise<Finding> => {
    const subject = agentSubject(name, config, inUse);
    const url = profile.url.ws;
    const check = await checkServe(profile, { profile: name, url, configFile: file });
    if (!check.ok) return name === inUse ? problem(subject, check.message, check.fix) : aside(subject, check.message, check.fix);
    // Why plain ws:// passed the config check: only this machine may be reached without TLS.
    const transport = profile.url.loopback && url.startsWith("ws:") ? " (ws:// without TLS: this machine only)" : "";
    return ok(
      subject,
      `goose serve at ${url}${transport}: goose ${check.version ?? "(version not said)"} took the token and answered initialize`,
    );
  });
  return Promise.all(checks);
}
