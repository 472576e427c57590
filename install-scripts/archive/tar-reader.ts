/**
 * A minimal reader of gzip-compressed tar archives (POSIX ustar, with GNU long names and pax `path`
 * and `linkpath` records), enough for agents' release archives. Format: POSIX.1-2001 pax/ustar
 * (https://pubs.opengroup.org/onlinepubs/9699919799/utilities/pax.html#tag_20_92_13_06). Pure: bytes
 * in, entries out; devices, FIFOs and hard links are refused rather than guessed at.
 */
import zlib from "node:zlib";
import { type ArchiveEntry, MAX_UNPACKED_BYTES } from "./entries";

const BLOCK = 512;

export function readTarGz(gz: Buffer): ArchiveEntry[] {
  let tar: Buffer;
  try {
    tar = zlib.gunzipSync(gz, { maxOutputLength: MAX_UNPACKED_BYTES });
  } catch (e) {
    throw new Error(`not a gzip file, or larger than ${MAX_UNPACKED_BYTES} bytes unpacked (${(e as Error).message})`);
  }
  return readTar(tar);
}

export function readTar(tar: Buffer): ArchiveEntry[] {
  const entries: ArchiveEntry[] = [];
  let longName: string | undefined;
  let longLink: string | undefined;
  let pax: Record<string, string> = {};
  for (let at = 0; at + BLOCK <= tar.length; ) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break; // end of archive
    if (!checksumOk(header)) throw new Error(`tar header at byte ${at} has a bad checksum (not a tar archive, or damaged)`);
    const size = octal(header.subarray(124, 136));
    const type = String.fromCharCode(header[156]!);
    const dataStart = at + BLOCK;
    if (dataStart + size > tar.length) throw new Error("tar archive is cut short");
    const data = tar.subarray(dataStart, dataStart + size);
    at = dataStart + Math.ceil(size / BLOCK) * BLOCK;
    if (type === "L") {
      longName = cString(data);
      continue;
    }
    if (type === "K") {
      longLink = cString(data);
      continue;
    }
    if (type === "x") {
      pax = parsePax(data);
      continue;
    }
    if (type === "g") continue; // global pax defaults: nothing this reader uses
    const prefix = cString(header.subarray(345, 500));
    const name = pax.path ?? longName ?? (prefix ? `${prefix}/${cString(header.subarray(0, 100))}` : cString(header.subarray(0, 100)));
    const link = pax.linkpath ?? longLink ?? cString(header.subarray(157, 257));
    const mode = octal(header.subarray(100, 108)) & 0o777;
    longName = longLink = undefined;
    pax = {};
    if (type === "0" || type === "\0" || type === "7") entries.push({ kind: "file", path: name, mode, data: Buffer.from(data) });
    else if (type === "5") entries.push({ kind: "dir", path: name, mode });
    else if (type === "2") entries.push({ kind: "symlink", path: name, target: link });
    else
      throw new Error(
        `tar member "${name}" is a ${type === "1" ? "hard link" : `special file (type ${JSON.stringify(type)})`}, which is not unpacked`,
      );
  }
  return entries;
}

function checksumOk(header: Buffer): boolean {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i]!;
  return sum === octal(header.subarray(148, 156));
}

/** An octal number field, or GNU's base-256 form (high bit set) for sizes of 8 GiB and more. */
function octal(field: Buffer): number {
  if (field[0]! & 0x80) {
    let n = 0;
    for (let i = 1; i < field.length; i++) n = n * 256 + field[i]!;
    return n;
  }
  const text = cString(field).trim();
  return text === "" ? 0 : Number.parseInt(text, 8);
}

function cString(b: Buffer): string {
  const end = b.indexOf(0);
  return b.subarray(0, end === -1 ? b.length : end).toString("utf8");
}

/** Records "<length> <key>=<value>\n", the length counting the whole record. */
function parsePax(data: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space === -1) break;
    const length = Number.parseInt(data.subarray(at, space).toString("ascii"), 10);
    if (!(length > 0)) break;
    const record = data.subarray(space + 1, at + length - 1).toString("utf8");
    const eq = record.indexOf("=");
    if (eq > 0) out[record.slice(0, eq)] = record.slice(eq + 1);
    at += length;
  }
  return out;
}
