/** What an archive reader yields: the archive's members, read fully into memory (agent archives are small). */
export type ArchiveEntry =
  | { kind: "file"; path: string; mode: number; data: Buffer }
  | { kind: "dir"; path: string; mode: number }
  | { kind: "symlink"; path: string; target: string };

/** The most an archive may unpack to, so a hostile one cannot fill the disk (a "zip bomb"). */
export const MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;
