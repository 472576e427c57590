/**
 * goose serve closes the connection, without a word, on a WebSocket frame over 16 MiB (tungstenite's
 * default; docs/goose-serve.md), and a browser's WebSocket sends each message as one frame: so a larger
 * message is refused here, before it is sent, with the reason. Pure.
 */
const MAX_DIRECT_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Why `text` cannot go to goose serve, or null when it fits. */
export function oversize(text: string): string | null {
  // At most 3 bytes of UTF-8 per UTF-16 unit: most messages need no encoding to know they fit.
  if (text.length * 3 <= MAX_DIRECT_MESSAGE_BYTES) return null;
  const bytes = new TextEncoder().encode(text).length;
  if (bytes <= MAX_DIRECT_MESSAGE_BYTES) return null;
  const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
  return `This message is ${mib(bytes)}: goose serve takes at most ${mib(MAX_DIRECT_MESSAGE_BYTES)} in one message over a direct connection, so it was not sent. Attach less (a smaller page or image), or use goose through the goose-browser host.`;
}
