import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const entry = fileURLToPath(new URL("../../../../../extension/panel/markdown/Markdown.tsx", import.meta.url));

// A string only highlight.js core contains (its error for unknown languages).
const HLJS_MARKER = "Could not find the language";

describe("markdown bundle", () => {
  it("keeps highlight.js out of the entry chunk, in a chunk of its own", async () => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "browser",
      minify: true,
      write: false,
      outdir: "/virtual",
      jsx: "automatic",
      jsxImportSource: "preact",
      logLevel: "silent",
    });
    const js = result.outputFiles.filter((f) => f.path.endsWith(".js"));
    const main = js.find((f) => f.path.endsWith("/Markdown.js"))!;
    const lazy = js.filter((f) => f !== main);

    expect(main.text).not.toContain(HLJS_MARKER);
    expect(lazy.filter((f) => f.text.includes(HLJS_MARKER))).toHaveLength(1);
    // The entry still renders markdown: marked and DOMPurify are in it.
    expect(main.text).toContain("DOMPurify");
  });
});
