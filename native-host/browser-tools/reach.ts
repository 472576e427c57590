/**
 * Whether the agent can reach the browser-tools server, which listens on this machine's loopback
 * only. An agent the host started runs here; a goose serve profile's runs wherever its URL points
 * (the running status's `command`), and one on another machine would be given an address that is
 * not its own. Pure.
 */
import { isLoopback } from "../serve/serve-url";

/** Why the agent behind this command cannot reach the server, or undefined when it can. */
export function unreachableReason(command: string): string | undefined {
  if (!/^wss?:\/\//.test(command)) return undefined;
  let host: string;
  try {
    host = new URL(command).hostname;
  } catch {
    return undefined;
  }
  if (isLoopback(host)) return undefined;
  return `goose runs on another machine (${host}), and the browser tools listen on this one's loopback address only, which it cannot reach`;
}
