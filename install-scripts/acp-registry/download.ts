/**
 * Reads a URL into memory: file:// (local copies, tests) and http(s):// through Node's fetch. Other
 * schemes are refused. A size cap keeps a wrong URL from filling memory.
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { explainFetchFailure } from "./fetch-failure";

const DOWNLOAD_TIMEOUT_MS = 120_000;

export async function download(url: string, maxBytes: number, timeoutMs = DOWNLOAD_TIMEOUT_MS): Promise<Buffer> {
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
  let response: Response;
  try {
    response = await fetch(parsed, { redirect: "follow", signal: AbortSignal.timeout(timeoutMs) });
  } catch (e) {
    throw new Error(explainFetchFailure(url, e, timeoutMs), { cause: e });
  }
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status} ${response.statusText}`);
  const parts: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  // The body can fail too (the timeout, a dropped connection), as bare as fetch itself.
  const read = () => reader.read().catch((e: unknown) => Promise.reject(new Error(explainFetchFailure(url, e, timeoutMs), { cause: e })));
  for (let r = await read(); !r.done; r = await read()) {
    total += r.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new Error(`${url} is larger than ${maxBytes} bytes`);
    }
    parts.push(r.value);
  }
  return Buffer.concat(parts);
}
