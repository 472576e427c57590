/**
 * One set of design tokens (docs/DESIGN.md): every colour, font, radius and spacing in the extension's
 * stylesheets comes from extension/panel/tokens.css. stylelint.config.mjs (which stylelint finds from
 * the repository root) says what a literal is; this holds every stylesheet to it, and shows that each
 * kind of literal is caught.
 */
import path from "node:path";
import stylelint from "stylelint";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** Each warning as "file:line: rule" ("code" for a string), in order, so a failure names the place. */
async function lint(options: { files: string[] } | { code: string }): Promise<string[]> {
  // A string is linted as if it were a stylesheet of the panel's, so the repository's config applies.
  const where = "code" in options ? { codeFilename: path.join(ROOT, "extension/panel/planted.css") } : {};
  const { results } = await stylelint.lint({ ...options, ...where, cwd: ROOT });
  return results.flatMap((r) =>
    [...r.warnings]
      .sort((a, b) => a.line - b.line)
      .map((w) => `${"code" in options ? "code" : path.relative(ROOT, r.source!)}:${w.line}: ${w.rule}`),
  );
}

describe("design tokens", () => {
  it("every stylesheet but tokens.css takes its colours, fonts, radii and spacing from the tokens", async () => {
    const { results } = await stylelint.lint({ files: ["extension/**/*.css"], cwd: ROOT });
    const linted = results.filter((r) => !r.ignored).map((r) => path.relative(ROOT, r.source!));
    expect(linted).toContain("extension/panel/frame.css");
    expect(linted).toContain("extension/options/options.css");
    expect(linted).not.toContain("extension/panel/tokens.css");
    expect(await lint({ files: ["extension/**/*.css"] })).toEqual([]);
  });

  it("catches a literal colour of every spelling, a font size, a font family, a radius and a spacing of their own", async () => {
    const code = [
      ".a { color: #fff; }",
      ".b { background: rgb(0 0 0 / 8%); }",
      ".c { border-color: rebeccapurple; }",
      ".d { outline-color: hsl(40 100% 50%); }",
      ".e { font-size: 13px; }",
      ".f { font: 12px sans-serif; }",
      ".g { border-radius: 6px; }",
      ".h { border-top-left-radius: var(--radius-md) 3px; }",
      ".i { padding: 6px 10px; }",
      ".j { margin: 0 0 0.7em; }",
      ".k { gap: var(--sp-2) 3px; }",
      ".l { margin-left: -12px; }",
      ".m { font-family: monospace; }",
      ".ok { color: var(--fg); font-size: var(--fs-sm); border-radius: var(--radius-md) var(--radius-md) 0 0; }",
      ".sp { padding: 0 var(--sp-4) var(--sp-2); margin: auto; gap: var(--sp-1); margin-left: calc(-1 * var(--sp-6)); }",
      ".mono { font-family: var(--font-mono); }",
      ".dot { border-radius: 50%; background: color-mix(in srgb, var(--ok) 14%, transparent); }",
    ].join("\n");
    expect(await lint({ code })).toEqual([
      "code:1: color-no-hex",
      "code:2: function-disallowed-list",
      "code:3: color-named",
      "code:4: function-disallowed-list",
      "code:5: declaration-property-value-allowed-list",
      "code:6: declaration-property-value-allowed-list",
      "code:7: declaration-property-value-allowed-list",
      "code:8: declaration-property-value-allowed-list",
      "code:9: declaration-property-value-allowed-list",
      "code:10: declaration-property-value-allowed-list",
      "code:11: declaration-property-value-allowed-list",
      "code:12: declaration-property-value-allowed-list",
      "code:13: declaration-property-value-allowed-list",
    ]);
  });
});
