/**
 * Reads a URL into memory: file:// (local copies, tests) and http(s):// through Node's fetch. Other
 * schemes are refused. A size cap keeps a wrong URL from filling memory.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";

export async function download(url: string, maxBytes: number): Promise<Buffer> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`"${url}" is not a URL`);
  }
  if (parsed.protocol === "file:") {
    const file = fileURLToPath(parsed);
    const size = fs.statSync(file).size;
    if (size > maxBytes) throw new Error(`${file} is larger than ${maxBytes} bytes`);
    return fs.readFileSync(file);
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new Error(`cannot download ${url}: only https://, http:// and file:// are supported`);
  const response = await fetch(parsed, { redirect: "follow", signal: AbortSignal.timeout(120_000) });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status} ${response.statusText}`);
  const parts: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    total += r.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new Error(`${url} is larger than ${maxBytes} bytes`);
    }
    parts.push(r.value);
  }
  return Buffer.concat(parts);
}
