/**
 * The options page's goose serve form, in words: what is wrong with it before it goes to the host, the
 * host's answer, and each profile's state from its diagnosis. Pure. The host checks everything again
 * (native-host/setup/serve-profile.ts); this only saves a round trip for what is plainly missing.
 */
import type { ProfileDiagnosis } from "../../shared/host-protocol";
import { PROFILE_NAME, type ServeProfileResult } from "../../shared/serve-profiles";

export interface ServeForm {
  name: string;
  url: string;
  token: string;
}

/** Why the form cannot be saved yet, or null. `commandProfiles`: names taken by profiles that run a command. */
export function serveFormProblem(f: ServeForm, commandProfiles: readonly string[]): string | null {
  if (!PROFILE_NAME.test(f.name)) return "Give the profile a name: letters, digits, _ . - (e.g. desktop).";
  if (commandProfiles.includes(f.name)) return `"${f.name}" is an agent the host starts: choose another name.`;
  if (!/^wss?:\/\/\S+$/i.test(f.url)) return "The URL is goose serve's WebSocket address, e.g. ws://127.0.0.1:3284/acp.";
  // goose compares the token byte for byte as an HTTP header value.
  if (!/^[\x21-\x7e]+$/.test(f.token)) return "Paste the server's token (its GOOSE_SERVER__SECRET_KEY), or generate one.";
  return null;
}

/** The host's answer, as the options page says it. */
export function serveAnswerText(r: ServeProfileResult): string {
  if ("error" in r) return `Not saved: ${r.error}`;
  switch (r.outcome) {
    case "added":
      return `Added "${r.name}" to the host's config.`;
    case "updated":
      return `Updated "${r.name}" in the host's config.`;
    case "unchanged":
      return `"${r.name}" was already so in the host's config.`;
    case "removed":
      return `Removed "${r.name}" from the host's config.`;
  }
}

/** A serve profile's state from its diagnosis: connected (goose's version), or the host's reason and fix. */
export function serveState(d: ProfileDiagnosis): { ok: boolean; text: string } {
  if (d.problem) return { ok: false, text: d.problem.fix };
  return { ok: true, text: d.version ? `connects: goose ${d.version}` : "connects" };
}
