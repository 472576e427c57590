/**
 * Text files as the agent may see and change them: UTF-8 only (a NUL byte or invalid UTF-8 means
 * binary or another encoding, refused rather than mangled), at most MAX_TEXT_FILE_BYTES. The agent
 * sees `\n` line ends; a file whose every line ends in `\r\n` keeps them when written, as it keeps its
 * byte-order mark and its mode. A write is atomic: a temporary file in the same folder, flushed, then
 * renamed over the file, so a crash leaves the old file or the new one, never a mix.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * The largest file served. An agent's write carries the whole text in one line, and a line past the
 * native port's 1 MiB travels in chunks the host does not read, so nothing larger could be written.
 */
export const MAX_TEXT_FILE_BYTES = 1000 * 1024;

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

export class FileRefusal extends Error {
  constructor(
    message: string,
    /** JSON-RPC code for the agent: -32002 (resource not found) or -32602 (invalid params). */
    readonly code: number = -32602,
  ) {
    super(message);
  }
}

export interface DecodedText {
  /** The text, without its byte-order mark. */
  text: string;
  bom: boolean;
  crlf: boolean;
}

/** The bytes as text, or why they are not. */
export function decodeText(bytes: Buffer, file: string): DecodedText {
  if (bytes.includes(0)) throw new FileRefusal(`${file} is a binary file (it holds NUL bytes); goose-browser serves text files only`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new FileRefusal(`${file} is not UTF-8 text; goose-browser serves UTF-8 text files only`);
  }
  const bom = text.startsWith("\uFEFF");
  if (bom) text = text.slice(1);
  const crlf = text.includes("\r\n") && !/(^|[^\r])\n/.test(text);
  return { text, bom, crlf };
}

/** The current bytes of `file` (null when it does not exist), refused when it is no regular file or too large. */
export async function readBytes(file: string): Promise<{ bytes: Buffer; mode: number } | null> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, "r");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return null;
    if (code === "EISDIR") throw new FileRefusal(`${file} is a folder, not a file`);
    throw new FileRefusal(`${file} cannot be opened: ${(e as Error).message}`, -32603);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new FileRefusal(`${file} is not a regular file`);
    if (stat.size > MAX_TEXT_FILE_BYTES) throw tooLarge(file, stat.size);
    const bytes = await handle.readFile();
    if (bytes.length > MAX_TEXT_FILE_BYTES) throw tooLarge(file, bytes.length);
    return { bytes, mode: stat.mode & 0o7777 };
  } finally {
    await handle.close();
  }
}

/** ACP's read: the whole text, or `limit` lines from line `line` (1-based). */
export async function readText(file: string, line?: number, limit?: number): Promise<string> {
  const found = await readBytes(file);
  if (!found) throw new FileRefusal(`${file} does not exist`, -32002);
  const { text, crlf } = decodeText(found.bytes, file);
  return linesOf(crlf ? text.replaceAll("\r\n", "\n") : text, line, limit);
}

/** `limit` lines of `text` from line `line` (1-based), each with its line end. Pure. */
export function linesOf(text: string, line = 1, limit?: number): string {
  if (line === 1 && limit === undefined) return text;
  let start = 0;
  for (let n = 1; n < line; n++) {
    const end = text.indexOf("\n", start);
    if (end < 0) return "";
    start = end + 1;
  }
  if (limit === undefined) return text.slice(start);
  let end = start;
  for (let n = 0; n < limit; n++) {
    const next = text.indexOf("\n", end);
    if (next < 0) return text.slice(start);
    end = next + 1;
  }
  return text.slice(start, end);
}

/** The bytes to write for the agent's `content`, keeping the old file's line ends and byte-order mark. */
export function bytesToWrite(content: string, old: DecodedText | null): Buffer {
  let text = content;
  if (old?.crlf && !text.includes("\r\n")) text = text.replaceAll("\n", "\r\n");
  const bytes = Buffer.from(text, "utf8");
  return old?.bom && !text.startsWith("\uFEFF") ? Buffer.concat([BOM, bytes]) : bytes;
}

/**
 * Writes `bytes` to `file` atomically, with `mode` when given (else the default for a new file);
 * creates missing folders on the way (the path was confined before).
 */
export async function writeAtomic(file: string, bytes: Buffer, mode: number | undefined): Promise<void> {
  if (bytes.length > MAX_TEXT_FILE_BYTES) throw tooLarge(file, bytes.length);
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true });
  await removeStaleTemps(dir);
  const temp = path.join(dir, `.${path.basename(file)}.goose-browser-${process.pid}-${randomBytes(4).toString("hex")}.tmp`);
  const handle = await fs.open(temp, "wx", mode ?? 0o666);
  try {
    await handle.writeFile(bytes);
    // open() applies the umask; the old file's mode is kept as it was.
    if (mode !== undefined) await handle.chmod(mode);
    await handle.sync();
    await handle.close();
    await fs.rename(temp, file);
  } catch (e) {
    await handle.close().catch(() => {});
    await fs.rm(temp, { force: true });
    throw new FileRefusal(`${file} could not be written: ${(e as Error).message}`, -32603);
  }
}

/** Our temporary files name the host that wrote them, so one left by a host killed mid-write can be told from one being written. */
const OUR_TEMP = /^\..+\.goose-browser-(\d+)-[0-9a-f]{8}\.tmp$/;

/** Removes the temporary files a host that is gone left in `dir` (killed between the write and the rename). */
async function removeStaleTemps(dir: string): Promise<void> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const pid = Number(OUR_TEMP.exec(name)?.[1]);
    if (!pid || pid === process.pid || processAlive(pid)) continue;
    await fs.rm(path.join(dir, name), { force: true }).catch(() => {});
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it runs, as another user.
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

function tooLarge(file: string, bytes: number): FileRefusal {
  return new FileRefusal(`${file} is too large (${bytes} bytes); goose-browser serves text files up to ${MAX_TEXT_FILE_BYTES} bytes`);
}
