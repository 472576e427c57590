import { describe, expect, it } from "vitest";
import { ourRefLines, playwrightInteractive } from "../../../bench/page-tools/snapshot";

describe("the snapshot bench's recall keys", () => {
  it("takes Playwright's interactive lines by role and name, unescaping quotes, and skips the rest", () => {
    const yaml = [
      "- navigation:",
      '  - link "Home":',
      "    - /url: /",
      '- heading "Plans" [level=1]',
      '- button "Say \\"hi\\"" [pressed]',
      "- textbox",
      "- paragraph: text",
    ].join("\n");
    expect(playwrightInteractive(yaml)).toEqual(["link|Home", "button|Say hi", "textbox|"]);
  });

  it("takes our lines that carry a ref, frame refs too, and not the ones without", () => {
    const outline = [
      '- link "Home" [e1] -> /',
      "  - button \"Say 'hi'\" [f2e7] pressed",
      "- closed-widget (closed shadow root)",
      "- textbox [e3]",
    ].join("\n");
    expect(ourRefLines(outline)).toEqual(["link|Home", "button|Say hi", "textbox|"]);
  });
});
