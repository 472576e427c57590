/**
 * The arguments that make a known agent speak ACP on stdio, for `install --agent NAME=COMMAND` given
 * without any: goose's `goose acp` (https://block.github.io/goose/docs/guides/acp-clients), opencode's
 * `opencode acp`, Gemini CLI's `--experimental-acp`; claude-agent-acp and codex-acp speak it as they
 * are. Any other command is checked instead (acp-probe.ts).
 */
const KNOWN: Record<string, readonly string[]> = {
  goose: ["acp"],
  opencode: ["acp"],
  gemini: ["--experimental-acp"],
  "claude-agent-acp": [],
  "codex-acp": [],
};

/** The known agent `command` names by its file name (any folder, .exe/.cmd/.bat on Windows), or undefined. */
export function knownAgent(command: string): { name: string; args: readonly string[] } | undefined {
  const base = command
    .split(/[\\/]/)
    .pop()!
    .replace(/\.(exe|cmd|bat)$/i, "");
  const name = Object.hasOwn(KNOWN, base) ? base : Object.hasOwn(KNOWN, base.toLowerCase()) ? base.toLowerCase() : undefined;
  return name ? { name, args: KNOWN[name]! } : undefined;
}
