/**
 * The options page's `save_serve_profile` and `remove_serve_profile` (shared/serve-profiles.ts): host.json
 * changed as `goose-browser connect` changes it (setup/serve-profile-write.ts), and one answer, which
 * never holds the token. Only a goose serve profile is written or removed: nothing the extension sends
 * can make the host run a program.
 */
import type { ServeProfileCommand, ServeProfileResult } from "../../shared/serve-profiles";
import { PROFILE_NAME } from "../../shared/serve-profiles";
import { clip, echo } from "../jsonrpc/clip";
import type { PlatformInfo } from "../setup/paths";
import { changeHostConfig, withoutServeProfile, withServeProfile } from "../setup/serve-profile-write";

export async function serveProfileCommand(cmd: ServeProfileCommand, file: string, p: PlatformInfo): Promise<ServeProfileResult> {
  const name = typeof cmd.name === "string" ? cmd.name : "";
  const answer = { type: "serve_profile_result", name: clip(name), command: cmd.type } as const;
  if (!PROFILE_NAME.test(name)) return { ...answer, error: `${echo(cmd.name)} is not a profile name (letters, digits, _ . -)` };
  try {
    if (cmd.type === "remove_serve_profile") {
      const { outcome } = await changeHostConfig(file, (current) => withoutServeProfile(current, file, name, p));
      return { ...answer, outcome };
    }
    if (typeof cmd.url !== "string" || typeof cmd.token !== "string" || cmd.token === "") {
      return { ...answer, error: "a goose serve profile needs a URL and a token" };
    }
    const request = { name, url: cmd.url, token: cmd.token, makeDefault: false };
    const { outcome } = await changeHostConfig(file, (current) => withServeProfile(current, file, request, p));
    return { ...answer, outcome };
  } catch (e) {
    // The config's own checks name the field, never its value (setup/serve-profile.ts).
    return { ...answer, error: `host.json was not changed: ${(e as Error).message}` };
  }
}
