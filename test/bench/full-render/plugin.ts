/**
 * A Vite plugin for the benchmark build only (`npm run build:ext:bench`, see build.ts): the side
 * panel's message list becomes the full re-render baseline (full-render/MessageList.tsx). The
 * product's own code has no switch for it.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const BASELINE = fileURLToPath(new URL("./MessageList.tsx", import.meta.url));

export function fullRenderBaseline(): Plugin {
  return {
    name: "goose-bench-full-render",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "./MessageList" && importer && path.basename(path.dirname(importer)) === "panel") return BASELINE;
      return null;
    },
  };
}
