/**
 * A minimal zip reader (stored and deflated members, no zip64, no encryption), enough for agents'
 * Windows and macOS release archives. Format: PKWARE's APPNOTE.TXT
 * (https://pkware.cachefly.net/webdocs/casestudies/APPNOTE.TXT), sections 4.3.7 (local header),
 * 4.3.12 (central directory) and 4.3.16 (end record). Pure: bytes in, entries out. The central
 * directory is the truth (a local header's sizes may be zero when a data descriptor follows).
 */
import zlib from "node:zlib";
import { type ArchiveEntry, MAX_UNPACKED_BYTES } from "./entries";

const END = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** Unix file types in the high 16 bits of "external attributes" when the creator was Unix (3). */
const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

export function readZip(zip: Buffer): ArchiveEntry[] {
  const end = findEnd(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: ArchiveEntry[] = [];
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL) throw new Error("zip central directory is damaged");
    const madeBy = zip[at + 5]!;
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const unixMode = madeBy === 3 ? zip.readUInt32LE(at + 38) >>> 16 : 0;
    const local = zip.readUInt32LE(at + 42);
    const name = zip
      .subarray(at + 46, at + 46 + nameLength)
      .toString("utf8")
      .replaceAll("\\", "/");
    at += 46 + nameLength + extraLength + commentLength;
    if (flags & 1) throw new Error(`zip member "${name}" is encrypted`);
    if (compressed === 0xffffffff || size === 0xffffffff || local === 0xffffffff) throw new Error("zip64 archives are not supported");
    const isDir = name.endsWith("/") || (unixMode & S_IFMT) === S_IFDIR;
    if (isDir) {
      entries.push({ kind: "dir", path: name, mode: unixMode & 0o777 || 0o755 });
      continue;
    }
    total += size;
    if (total > MAX_UNPACKED_BYTES) throw new Error(`zip unpacks to more than ${MAX_UNPACKED_BYTES} bytes`);
    const data = memberData(zip, local, method, compressed, size, name);
    if ((unixMode & S_IFMT) === S_IFLNK) entries.push({ kind: "symlink", path: name, target: data.toString("utf8") });
    else entries.push({ kind: "file", path: name, mode: unixMode & 0o777 || 0o644, data });
  }
  return entries;
}

function findEnd(zip: Buffer): number {
  // The end record is 22 bytes plus a comment of up to 65535.
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END) return at;
  }
  throw new Error("not a zip archive (no end of central directory)");
}

function memberData(zip: Buffer, local: number, method: number, compressed: number, size: number, name: string): Buffer {
  if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL) throw new Error(`zip member "${name}" has no local header`);
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  if (start + compressed > zip.length) throw new Error(`zip member "${name}" is cut short`);
  const raw = zip.subarray(start, start + compressed);
  let data: Buffer;
  if (method === 0) data = Buffer.from(raw);
  else if (method === 8) data = zlib.inflateRawSync(raw, { maxOutputLength: Math.max(size, 1) });
  else throw new Error(`zip member "${name}" uses compression method ${method}, which is not supported`);
  if (data.length !== size) throw new Error(`zip member "${name}" unpacked to ${data.length} bytes, the directory says ${size}`);
  return data;
}
