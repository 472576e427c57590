/**
 * Claude Code stores a local slash command (`/model`, `/compact`…) in the transcript as user messages
 * made of markup, and Claude's adapters replay them as if the user had typed it:
 * `<command-name>/model</command-name><command-message>model</command-message><command-args>sonnet</command-args>`,
 * then `<local-command-stdout>Set model to Sonnet</local-command-stdout>` (with terminal colour codes),
 * after a `<local-command-caveat>` telling the model to ignore them. None of it is something the user
 * said: these rules read it as one notice ("Model set to Sonnet"); client-reducer/ applies them. Pure.
 */
import type { ContentBlock } from "../../acp/schema";

export type CommandReplay =
  | { kind: "command"; name: string; args: string }
  | { kind: "output"; text: string; error: boolean }
  | { kind: "caveat" };

const TAG = /<(command-name|command-message|command-args|local-command-stdout|local-command-stderr|local-command-caveat)>([\s\S]*?)<\/\1>/g;
// Terminal colour and style codes (SGR), which Claude Code keeps in a command's output.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what is removed
const SGR = /\u001b\[[0-9;]*m/g;

/** What a replayed user block is, when it is nothing but command markup; null for anything the user wrote. */
export function commandReplay(block: ContentBlock): CommandReplay | null {
  if (block.type !== "text") return null;
  const parts = new Map<string, string>();
  const rest = block.text.replace(TAG, (_, tag: string, body: string) => {
    parts.set(tag, body.replace(SGR, "").trim());
    return "";
  });
  if (parts.size === 0 || rest.trim() !== "") return null;
  const name = parts.get("command-name");
  if (name !== undefined) {
    const bare = name || parts.get("command-message") || "";
    return { kind: "command", name: bare.startsWith("/") ? bare : `/${bare}`, args: parts.get("command-args") ?? "" };
  }
  const stderr = parts.get("local-command-stderr");
  if (stderr !== undefined) return { kind: "output", text: stderr, error: true };
  const stdout = parts.get("local-command-stdout");
  if (stdout !== undefined) return { kind: "output", text: stdout, error: false };
  return { kind: "caveat" };
}

/** The notice for a command before its output is known. */
export function commandNotice(name: string, args: string): string {
  if (name === "/model" && args) return `Model set to ${args}`;
  return `Ran ${name}${args ? ` ${args}` : ""}`;
}

/** The notice once the command's output is known: its result in words, the command named when it says nothing itself. */
export function commandOutputNotice(command: { name: string; args: string } | null, output: string): string {
  const model = /^set model to\s+(.+)$/i.exec(output);
  if (model) return `Model set to ${model[1]!.trim()}`;
  if (/^kept model as\s+/i.test(output)) return output.replace(/^kept model as/i, "Model kept as");
  if (!command) return output;
  if (!output) return commandNotice(command.name, command.args);
  return `${command.name}${command.args ? ` ${command.args}` : ""}: ${output}`;
}
