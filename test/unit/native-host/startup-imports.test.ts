/**
 * What the host evaluates at start-up: the modules its entry reaches through static imports. The
 * bundle holds zod and the MCP SDK too, but behind dynamic imports, so esbuild wraps them in
 * functions that run only when browser tools are used; a static import of either from the start-up
 * path would run all of it at every start (BENCHMARKS.md, host memory at idle).
 */
import { fileURLToPath } from "node:url";
import { build, type Metafile } from "esbuild";
import { describe, expect, it } from "vitest";

const entry = fileURLToPath(new URL("../../../native-host/main.ts", import.meta.url));

/** The inputs (and external modules) the entry reaches without a dynamic import. */
function staticClosure(meta: Metafile, from: string): Set<string> {
  const seen = new Set<string>();
  const todo = [from];
  for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    for (const i of meta.inputs[next]?.imports ?? []) if (i.kind !== "dynamic-import") todo.push(i.path);
  }
  return seen;
}

describe("host start-up", () => {
  it("reaches zod and the MCP SDK only through dynamic imports", async () => {
    const { metafile } = await build({
      entryPoints: [entry],
      bundle: true,
      platform: "node",
      format: "cjs",
      write: false,
      metafile: true,
      outfile: "/virtual/host.cjs",
      define: { __HOST_VERSION__: '"0.0.0"' },
      logLevel: "silent",
    });
    const main = Object.keys(metafile.inputs).find((k) => k.endsWith("native-host/main.ts"))!;
    const atStart = [...staticClosure(metafile, main)];
    const bundled = Object.keys(metafile.inputs);
    // The bundle does hold them, so the check below is not vacuous.
    expect(bundled.some((k) => k.includes("node_modules/zod/"))).toBe(true);
    expect(bundled.some((k) => k.includes("node_modules/@modelcontextprotocol/sdk/"))).toBe(true);
    expect(atStart.filter((k) => /node_modules\/(zod|@modelcontextprotocol)\//.test(k))).toEqual([]);
    // ws, for a goose serve profile, is loaded on its first connection (native-host/serve/serve-socket.ts).
    expect(bundled.some((k) => k.includes("node_modules/ws/"))).toBe(true);
    expect(atStart.filter((k) => k.includes("node_modules/ws/"))).toEqual([]);
    expect(atStart).toContain(main.replace("main.ts", "setup/config.ts"));
  });
});
