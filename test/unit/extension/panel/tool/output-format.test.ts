/** Which tool output renders as Markdown and which stays preformatted, and where a long one is cut (extension/panel/tool/output-format.ts). */
import { describe, expect, it } from "vitest";
import { clampOutput, isMarkdown } from "../../../../../extension/panel/tool/output-format";

describe("isMarkdown", () => {
  it("takes Claude's ```console fences, tables, and text with two marks of Markdown", () => {
    expect(isMarkdown("```console\n$ npm test\nok\n```")).toBe(true);
    expect(isMarkdown("| a | b |\n| --- | --- |\n| 1 | 2 |")).toBe(true);
    expect(isMarkdown("# Result\n\nSee [the docs](https://example.com).")).toBe(true);
    expect(isMarkdown("**Done.** Edited `src/app.ts`.")).toBe(true);
  });

  it("keeps plain output plain: listings, logs, a comment or a dash line alone", () => {
    expect(isMarkdown("total 8\ndrwxr-xr-x  2 me me 4096 .\n-rw-r--r--  1 me me  12 a.txt")).toBe(false);
    expect(isMarkdown("# a shell comment\necho hi")).toBe(false);
    expect(isMarkdown("- one line that starts with a dash")).toBe(false);
    expect(isMarkdown("")).toBe(false);
    expect(isMarkdown("Error: ENOENT: no such file, open '/x/y'")).toBe(false);
  });
});

describe("clampOutput", () => {
  it("leaves an output that fits whole", () => {
    expect(clampOutput("a\nb", 2, 10)).toBeNull();
  });

  it("keeps the first lines when there are too many", () => {
    expect(clampOutput("a\nb\nc", 2, 100)).toBe("a\nb");
  });

  it("ends at a line's end when the characters run out, never inside a line", () => {
    const text = ["first line", "second line", "third line that runs long"].join("\n");
    expect(clampOutput(text, 30, 30)).toBe("first line\nsecond line");
  });

  it("cuts inside a first line longer than the limit, the one place there is no line's end", () => {
    expect(clampOutput(`${"x".repeat(20)}\ny`, 30, 8)).toBe("x".repeat(8));
  });
});
