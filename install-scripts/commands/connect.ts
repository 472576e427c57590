/**
 * `goose-browser connect <name> [--url URL] [--certificate FILE] [--default] [--json]`: adds a goose serve profile to
 * host.json (serve-profile-write.ts), so the host connects to a goose that is already running
 * (docs/goose-serve.md) instead of starting one. The token is GOOSE_SERVER__SECRET_KEY when set (the
 * server was started with it), else the profile's own, else a fresh one; the command prints how to
 * start goose serve with it. The token never appears in --json.
 */

import path from "node:path";
import { configFile } from "../../native-host/setup/paths";
import { changeHostConfig, type ServeProfileChange, withServeProfile } from "../../native-host/setup/serve-profile-write";
import { DEFAULT_SERVE_URL, gooseServeCommand, PROFILE_NAME } from "../../shared/serve-profiles";
import { flag, type ParsedOptions, strings, UsageError } from "../args";
import { COMMANDS } from "../command-names";
import { defineCommand } from "./command";

interface ConnectArgs {
  command: "connect";
  name: string;
  url: string;
  certificate?: string;
  makeDefault: boolean;
  json: boolean;
}

export const connectCommand = defineCommand<ConnectArgs>({
  name: "connect",
  summary: "add a profile that connects to a running goose serve (a container, another machine, goose Desktop)",
  usage: `  --url URL                    the server's address (default ${DEFAULT_SERVE_URL}); ws:// only to this machine, else wss://
  --certificate FILE           the server's own TLS certificate (goose serve --tls: ~/.config/goose/tls/server.pem there)
  --default                    make it the profile the host starts
  --json                       print the result as JSON (without the token)`,
  options: {
    url: { type: "string", multiple: true },
    certificate: { type: "string", multiple: true },
    default: { type: "boolean" },
    json: { type: "boolean" },
  },
  positionals: { min: 1, max: 1, name: "the profile's name", placeholder: "<name>" },
  parse: (values: ParsedOptions, positionals: string[]) => {
    const name = positionals[0]!;
    if (!PROFILE_NAME.test(name)) throw new UsageError(`"${name}" is not a profile name (letters, digits, _ . -)`);
    const urls = strings(values, "url");
    const certificates = strings(values, "certificate");
    if (urls.length > 1 || certificates.length > 1) throw new UsageError("--url and --certificate are given once each");
    return {
      command: "connect",
      name,
      url: urls[0] ?? DEFAULT_SERVE_URL,
      ...(certificates[0] ? { certificate: path.resolve(certificates[0]) } : {}),
      makeDefault: flag(values, "default"),
      json: flag(values, "json"),
    };
  },
  run: async (args, ctx) => {
    const file = configFile(ctx.p);
    const given = ctx.p.env.GOOSE_SERVER__SECRET_KEY?.trim();
    const request = {
      name: args.name,
      url: args.url,
      ...(given ? { token: given } : {}),
      ...(args.certificate ? { certificate: args.certificate } : {}),
      makeDefault: args.makeDefault,
    };
    let change: ServeProfileChange;
    try {
      change = await changeHostConfig(file, (current) => withServeProfile(current, file, request, ctx.p));
    } catch (e) {
      const message = `Could not add the profile: ${(e as Error).message}`;
      if (args.json) ctx.out(`${JSON.stringify({ ok: false, error: message }, null, 2)}\n`);
      else ctx.err(`${message}\n`);
      return 1;
    }
    if (args.json) {
      ctx.out(
        `${JSON.stringify({ ok: true, configFile: file, profile: { name: args.name, url: args.url, outcome: change.outcome }, token: change.tokenFrom }, null, 2)}\n`,
      );
      return 0;
    }
    const start = gooseServeCommand(change.token ?? "", args.url, ctx.p.platform);
    ctx.out(
      [
        `Profile "${args.name}" ${change.outcome} in ${file}: goose serve at ${args.url}.`,
        change.tokenFrom === "given"
          ? "Its token is the GOOSE_SERVER__SECRET_KEY set here, which goose serve must have been started with."
          : `Start goose serve with its token (on the machine it runs on; add --host and --tls for another machine):\n  ${start}`,
        `Pick it in goose-browser's Options (Agent)${args.makeDefault ? ", or just open goose: it is the default" : ""}; \`${COMMANDS.doctor}\` checks the connection.`,
        "",
      ].join("\n"),
    );
    return 0;
  },
});
