/**
 * Bounds what the host echoes back of something it was sent (a method name, a profile, a folder):
 * an error about a 1 MB method name must not itself be a 1 MB message.
 */
const MAX_ECHO_CHARS = 200;

/** `text` cut to `max` characters, with "…" when something was cut. */
export function clip(text: string, max = MAX_ECHO_CHARS): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A value as JSON for an error message, cut to MAX_ECHO_CHARS characters (the value may be anything a frame held). */
export function echo(value: unknown): string {
  const max = MAX_ECHO_CHARS;
  if (typeof value === "string") return clip(JSON.stringify(value.length > max ? value.slice(0, max + 1) : value), max + 2);
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  return clip(text ?? String(value), max);
}
