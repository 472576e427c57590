/**
 * host.json as text and back, for the code that edits it (the installer, `goose-browser connect`, the
 * options page's goose serve profiles): everything already in the file is kept.
 */

export type RawConfig = Record<string, unknown>;

export function isRecord(v: unknown): v is RawConfig {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** host.json's text as an object ({} when absent or empty); throws, naming the file and what to do, when it is not a JSON object. */
export function existingConfig(current: string | undefined, file: string): RawConfig {
  if (current === undefined || current.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(current);
  } catch (e) {
    throw new Error(`${file} is not valid JSON (${(e as Error).message}): fix or delete it, then run this again`);
  }
  if (!isRecord(parsed)) throw new Error(`${file} is not a JSON object: fix or delete it, then run this again`);
  return parsed;
}

/** Stable text for the file: two-space JSON and a final newline. */
export function configText(config: RawConfig): string {
  return `${JSON.stringify(config, null, 2)}\n`;
}
