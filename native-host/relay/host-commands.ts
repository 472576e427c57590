/**
 * The extension's host commands (shared/host-protocol.ts `HostCommand`), one route per type. The table
 * is checked by the compiler to cover every type, so a new command cannot be forgotten here; a type
 * it does not name (an older or newer extension) is refused.
 */
import path from "node:path";
import type { HostCommand, HostErrorCode } from "../../shared/host-protocol";
import { isHostEnvelope } from "../../shared/host-protocol";
import type { ServeProfileCommand } from "../../shared/serve-profiles";
import type { BrowserTools } from "../browser-tools";
import type { FileService } from "../files/file-service";
import { undoCommandOf } from "../files/undo-command";
import { clip, echo } from "../jsonrpc/clip";
import { type HostConfig, hasProfile } from "../setup/config";
import { diagnose } from "../setup/diagnose";
import { isDirectory } from "../setup/fs-checks";
import type { PlatformInfo } from "../setup/paths";
import { HOST_PROTOCOL, HOST_VERSION } from "../setup/version";
import type { CheckedFrame } from "../wire/frames";
import { serveProfileCommand } from "./serve-profile-commands";

export interface HostCommandOptions {
  /**
   * The config as last read (the host re-reads it when the file changes), where it is read from, and a
   * re-read now (after the host changed the file itself).
   */
  live: { readonly loaded: { file: string; config: HostConfig }; reload(): void };
  platform: PlatformInfo;
  startAgent(profile?: string, cwd?: string): void;
  restartAgent(profile?: string, cwd?: string): void;
  browserTools: Pick<BrowserTools, "command">;
  files: Pick<FileService, "undo">;
  /** A host message for the extension. */
  send(message: { type: string }): void;
  refuse(code: HostErrorCode, message: string): void;
}

type Routes = { [K in HostCommand["type"]]: (cmd: Extract<HostCommand, { type: K }>) => void };

/** The host command a frame holds (`{"host": …}` and no `jsonrpc`), else undefined: the frame is JSON-RPC. */
export function hostCommandIn(frame: CheckedFrame): HostCommand | undefined {
  // Only a host command is read in full; a JSON-RPC message only as far as the policy needs.
  if (!frame.scan.members.has("host") || frame.scan.members.has("jsonrpc")) return undefined;
  const value = frame.value;
  return isHostEnvelope(value) ? (value.host as HostCommand) : undefined;
}

/** Returns the dispatcher of host commands. */
export function hostCommands(o: HostCommandOptions): (cmd: HostCommand) => void {
  /** The profile and folder a start or restart names, if any, must exist. */
  const agentChoiceOk = (cmd: { profile?: unknown; cwd?: unknown }): boolean => {
    if (cmd.profile !== undefined && !hasProfile(o.live.loaded.config, cmd.profile)) {
      o.refuse(
        "unknown_profile",
        `no agent profile named ${echo(cmd.profile)}; configured: ${clip(o.live.loaded.config.profileNames.join(", "))}`,
      );
      return false;
    }
    if (cmd.cwd !== undefined && !(typeof cmd.cwd === "string" && path.isAbsolute(cmd.cwd) && isDirectory(cmd.cwd))) {
      o.refuse("invalid_cwd", `the working folder ${echo(cmd.cwd)} is not an existing absolute folder`);
      return false;
    }
    return true;
  };

  // The answer goes after the re-read, so the extension has the new profile list (a `config` message) first.
  const changeServeProfiles = (cmd: ServeProfileCommand) =>
    void serveProfileCommand(cmd, o.live.loaded.file, o.platform).then((result) => {
      if ("outcome" in result) o.live.reload();
      o.send(result);
    });

  let diagnosesAsked = 0;
  const routes: Routes = {
    start: (cmd) => {
      if (!agentChoiceOk(cmd)) return;
      const { protocolVersion: own, minExtensionProtocol: oldest } = HOST_PROTOCOL;
      const theirs = cmd.protocolVersion;
      if (typeof theirs !== "number" || theirs < oldest || theirs > own) {
        const newer = typeof theirs === "number" && theirs > own;
        const served = oldest === own ? `${own}` : `${oldest} to ${own}`;
        o.refuse(
          "protocol_mismatch",
          `the extension speaks host protocol ${echo(theirs)}, this host (${HOST_VERSION}) serves ${served}: update the ${newer ? "host" : "extension"}`,
        );
        return;
      }
      o.startAgent(cmd.profile, cmd.cwd);
    },
    restart: (cmd) => {
      if (agentChoiceOk(cmd)) o.restartAgent(cmd.profile, cmd.cwd);
    },
    diagnose: () => {
      // Diagnoses overlap (a profile added while one runs) and a slow one can finish last: only the
      // newest is sent, or an older config's answer would replace the newer one on the options page.
      const asked = ++diagnosesAsked;
      void diagnose(o.live.loaded.config, o.platform).then((d) => {
        if (asked === diagnosesAsked) o.send(d);
      });
    },
    save_serve_profile: (cmd) => changeServeProfiles(cmd),
    remove_serve_profile: (cmd) => changeServeProfiles(cmd),
    browser_tools: (cmd) => o.browserTools.command(cmd),
    tool_result: (cmd) => o.browserTools.command(cmd),
    undo_edit: (cmd) =>
      void undoCommandOf(cmd).then((undo) =>
        "error" in undo ? o.refuse("invalid_command", undo.error) : o.files.undo(undo.sessionId, undo.editId),
      ),
  };

  return (cmd) => {
    // The type came from the extension: only the table's own keys, never an inherited "toString".
    const type: unknown = cmd.type;
    if (typeof type !== "string" || !Object.hasOwn(routes, type)) {
      o.refuse("unknown_command", `unknown host command ${echo(type)}`);
      return;
    }
    // TypeScript cannot correlate the table's key and argument types; the mapped type checked them.
    (routes[type as HostCommand["type"]] as (cmd: HostCommand) => void)(cmd);
  };
}
