/** The installer's summary: a group of findings prints as one line. */
import { describe, expect, it } from "vitest";
import { condenseFindings, formatFindings, info, ok, warn } from "../../../install-scripts/report";

describe("condenseFindings", () => {
  it("prints each group once, where its first finding was, with the worst severity and the first fix", () => {
    const browser = (label: string, state: string) => ({
      ...ok(label, `/x/${label} (${state})`),
      group: { name: "browsers", item: `${label} (${state})` },
    });
    const absent = (label: string) => ({ ...info(label, "not installed"), group: { name: "not installed", item: label } });
    const text = formatFindings(
      condenseFindings([
        ok("launcher", "/d/goose-browser-host (created)"),
        browser("Google Chrome", "created"),
        absent("Brave"),
        { ...warn("Chromium", "odd", "fix it"), group: { name: "browsers", item: "Chromium (odd)" } },
        absent("Vivaldi"),
        ok("receipt", "/d/install-receipt.json"),
      ]),
    );
    expect(text).toBe(
      [
        "✓ launcher: /d/goose-browser-host (created)",
        "! browsers: Google Chrome (created), Chromium (odd) → fix it",
        "– not installed: Brave, Vivaldi",
        "✓ receipt: /d/install-receipt.json",
        "",
      ].join("\n"),
    );
  });

  it("leaves findings without a group alone", () => {
    const plain = [ok("a", "1"), info("b", "2")];
    expect(condenseFindings(plain)).toEqual(plain);
  });
});
