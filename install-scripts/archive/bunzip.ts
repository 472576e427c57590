/**
 * bzip2 decompression through the system's `bzip2 -dc` (Node has no bzip2): goose's own Linux and macOS
 * releases are .tar.bz2. Only the decompression runs outside: the tar it yields is read and unpacked
 * by our own reader (tar-reader.ts, unpack.ts), so the same checks apply. Run by absolute path found
 * on a fixed list, with an argument array, no shell.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { MAX_UNPACKED_BYTES } from "./entries";

const BZIP2 = ["/usr/bin/bzip2", "/bin/bzip2", "/opt/homebrew/bin/bzip2", "/usr/local/bin/bzip2"];

export function bunzip(data: Buffer, candidates: readonly string[] = BZIP2): Promise<Buffer> {
  const program = candidates.find((c) => fs.existsSync(c));
  if (!program) return Promise.reject(new Error(`.tar.bz2 needs bzip2, which is not installed (looked in ${candidates.join(", ")})`));
  return new Promise((resolve, reject) => {
    const child = spawn(program, ["-dc"], { stdio: ["pipe", "pipe", "pipe"], shell: false });
    const parts: Buffer[] = [];
    let total = 0;
    let stderr = "";
    child.stdout.on("data", (b: Buffer) => {
      total += b.length;
      if (total > MAX_UNPACKED_BYTES) {
        child.kill("SIGKILL");
        reject(new Error(`larger than ${MAX_UNPACKED_BYTES} bytes unpacked`));
      } else parts.push(b);
    });
    child.stderr.on("data", (b: Buffer) => (stderr += b.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(Buffer.concat(parts)) : reject(new Error(`not a bzip2 file (${stderr.trim() || `bzip2 exit ${code}`})`)),
    );
    child.stdin.on("error", () => {}); // bzip2 may stop reading a bad file early; its exit code says why
    child.stdin.end(data);
  });
}
