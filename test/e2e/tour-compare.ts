/**
 * `npm run tour:compare -- BEFORE [AFTER]`: the tour's screenshots (test/e2e/tour.test.ts writes them to
 * test-results/tour/) compared pixel by pixel with an earlier run's, e.g. before a change to the stylesheets
 * that should look the same. Prints each screenshot that differs, with how many pixels and the box around
 * them, and writes an image of the differences beside AFTER (test-results/tour-diff/). Exits 1 when any differ
 * or either side lacks a screenshot.
 */
import fs from "node:fs";
import path from "node:path";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The box around the pixels pixelmatch marked (red, in its diff image), or null when none. */
function diffBox(diff: PNG): Box | null {
  let box: Box | null = null;
  for (let y = 0; y < diff.height; y++) {
    for (let x = 0; x < diff.width; x++) {
      const i = (diff.width * y + x) * 4;
      if (diff.data[i] !== 255 || diff.data[i + 1] !== 0 || diff.data[i + 2] !== 0) continue;
      box = box
        ? { left: Math.min(box.left, x), top: Math.min(box.top, y), right: Math.max(box.right, x), bottom: Math.max(box.bottom, y) }
        : { left: x, top: y, right: x, bottom: y };
    }
  }
  return box;
}

function main(): number {
  const [before, after = "test-results/tour"] = process.argv.slice(2);
  if (!before) {
    console.error("usage: npm run tour:compare -- BEFORE_DIR [AFTER_DIR]");
    return 2;
  }
  const out = path.join(path.dirname(after), "tour-diff");
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  const names = new Set([...fs.readdirSync(before), ...fs.readdirSync(after)].filter((n) => n.endsWith(".png")));
  let differing = 0;
  for (const name of [...names].sort()) {
    const [a, b] = [before, after].map((dir) => path.join(dir, name));
    if (!fs.existsSync(a!) || !fs.existsSync(b!)) {
      console.log(`${name}: only in ${fs.existsSync(a!) ? "before" : "after"}`);
      differing++;
      continue;
    }
    const [pa, pb] = [a!, b!].map((f) => PNG.sync.read(fs.readFileSync(f)));
    if (pa!.width !== pb!.width || pa!.height !== pb!.height) {
      console.log(`${name}: size ${pa!.width}×${pa!.height} → ${pb!.width}×${pb!.height}`);
      differing++;
      continue;
    }
    const diff = new PNG({ width: pa!.width, height: pa!.height });
    // threshold 0: any change of colour counts, however small (a token that replaced a near value).
    const count = pixelmatch(pa!.data, pb!.data, diff.data, pa!.width, pa!.height, { threshold: 0, includeAA: true });
    if (count === 0) continue;
    differing++;
    const box = diffBox(diff)!;
    console.log(`${name}: ${count} px differ, in x ${box.left}–${box.right}, y ${box.top}–${box.bottom}`);
    fs.writeFileSync(path.join(out, name), PNG.sync.write(diff));
  }
  console.log(`${names.size} screenshots, ${differing} differ${differing ? ` (their diff images: ${out})` : ""}`);
  return differing ? 1 : 0;
}

process.exitCode = main();
