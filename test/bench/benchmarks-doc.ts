/** BENCHMARKS.md: the sections the benchmarks write between their markers. */
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->` (appending it the first time). */
export function writeSection(name: string, text: string): void {
  const file = path.join(ROOT, "BENCHMARKS.md");
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  let doc = fs.existsSync(file)
    ? fs.readFileSync(file, "utf8")
    : "# Benchmarks\n\nWritten by `npm run bench`; figures from one run on the machine named in each heading.\n\n";
  const block = `${start}\n${text}${end}`;
  doc = doc.includes(start) ? doc.replace(new RegExp(`${start}[\\s\\S]*?${end}`), () => block) : `${doc}\n${block}\n`;
  fs.writeFileSync(file, doc);
  process.stdout.write(`wrote ${name} into ${path.relative(process.cwd(), file)}\n`);
}
