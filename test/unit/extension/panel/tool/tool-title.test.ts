/** Tool card titles in words, from the call shapes of goose, Claude's adapters, codex-acp and opencode (extension/panel/tool/tool-title.ts). */
import { describe, expect, it } from "vitest";
import type { ToolKind } from "../../../../../extension/acp/schema";
import { toolKind } from "../../../../../extension/panel/tool/tool-kind";
import { browserToolTitle, readableUrl, type TitleSource, titleText, toolTitle } from "../../../../../extension/panel/tool/tool-title";
import { commandOf } from "../../../../../extension/panel/tool/tool-view";

const CWD = "/home/me/proj";

/** As the card does it: the kind (inferred when the agent sent none), the command of a shell call, then the title. */
function title(source: TitleSource & { kind?: ToolKind | null }): string {
  const kind = toolKind(source.kind ?? null, source.toolName ?? undefined, source.title).kind;
  return titleText(toolTitle(source, kind, CWD, kind === "execute" ? commandOf(source.rawInput) : null));
}

describe("tool titles in words", () => {
  it("goose: no kind, the tool name in _meta, `<extension>: <tool> · <argument>` titles", () => {
    expect(title({ title: "developer: shell · npm test", toolName: "developer__shell", rawInput: { command: "npm test" } })).toBe(
      "Run npm test",
    );
    expect(
      title({
        title: `developer: text editor · ${CWD}/src/app.ts`,
        toolName: "developer__text_editor",
        rawInput: { command: "str_replace", path: `${CWD}/src/app.ts`, old_str: "a", new_str: "b" },
      }),
    ).toBe("Edit src/app.ts");
    expect(
      title({
        title: "developer: text editor · x",
        toolName: "developer__text_editor",
        rawInput: { command: "view", path: `${CWD}/README.md` },
      }),
    ).toBe("Read README.md");
    expect(
      title({
        title: "developer: text editor · x",
        toolName: "developer__text_editor",
        rawInput: { command: "write", path: `${CWD}/new.ts` },
      }),
    ).toBe("Write new.ts");
    // A tool it cannot read more from keeps goose's own words.
    expect(title({ title: "todo: todo write · 3 items", toolName: "todo__todo_write" })).toBe("todo: todo write · 3 items");
  });

  it('Claude\'s adapters: kinds, `file_path`, titles such as "`ls -la`" and mcp__ names', () => {
    expect(title({ kind: "execute", title: "`ls -la`", rawInput: { command: "ls -la", description: "List files" } })).toBe("Run ls -la");
    expect(
      title({ kind: "edit", title: "Edit `src/app.ts`", rawInput: { file_path: `${CWD}/src/app.ts`, old_string: "a", new_string: "b" } }),
    ).toBe("Edit src/app.ts");
    expect(title({ kind: "edit", title: `Write ${CWD}/notes.md`, rawInput: { file_path: `${CWD}/notes.md`, content: "x" } })).toBe(
      "Write notes.md",
    );
    expect(title({ kind: "read", title: "Read File", rawInput: { file_path: "/etc/hosts" } })).toBe("Read /etc/hosts");
    expect(title({ kind: "search", title: 'grep "TODO"', rawInput: { pattern: "TODO", path: CWD } })).toBe("Search for TODO");
    expect(
      title({
        kind: "fetch",
        title: "Fetch https://github.com/block/goose",
        rawInput: { url: "https://github.com/block/goose", prompt: "x" },
      }),
    ).toBe("Read github.com/block/goose");
    expect(title({ kind: "fetch", title: '"acp spec"', rawInput: { query: "acp spec" } })).toBe('Search the web for "acp spec"');
    expect(title({ kind: "other", title: "mcp__github__create_issue", rawInput: { title: "Bug" } })).toBe("create issue (github)");
  });

  it("codex-acp: the command as the title, patches by path, MCP as `Tool: server/tool`", () => {
    expect(title({ kind: "execute", title: "npm test", rawInput: { command: ["bash", "-lc", "npm test"], cwd: CWD } })).toBe(
      "Run npm test",
    );
    expect(
      title({
        kind: "edit",
        title: "Edit src/app.ts",
        rawInput: { changes: {} },
        locations: [{ path: `${CWD}/src/app.ts` }],
        content: [{ type: "diff", path: `${CWD}/src/app.ts` }],
      }),
    ).toBe("Edit src/app.ts");
    expect(
      title({ kind: "other", title: "Tool: github/list_issues", rawInput: { server: "github", tool: "list_issues", arguments: {} } }),
    ).toBe("list issues (github)");
  });

  it("opencode: lower-case tool names, `filePath`", () => {
    expect(title({ kind: "execute", title: "bash", rawInput: { command: "git status", description: "status" } })).toBe("Run git status");
    expect(title({ kind: "read", title: "read", rawInput: { filePath: `${CWD}/package.json` } })).toBe("Read package.json");
    expect(title({ kind: "edit", title: "edit", rawInput: { filePath: `${CWD}/a.ts`, oldString: "x", newString: "y" } })).toBe("Edit a.ts");
    expect(title({ kind: "other", title: "todowrite" })).toBe("todowrite");
  });

  it("a call with nothing to name says what it does, and long targets are cut", () => {
    expect(title({ kind: "execute", title: "" })).toBe("Run a command");
    const long = `echo ${"x".repeat(200)}`;
    const t = title({ kind: "execute", title: "x", rawInput: { command: long } });
    expect(t.length).toBeLessThanOrEqual(84);
    expect(t.endsWith("…")).toBe(true);
    expect(title({ kind: "think", title: "Think" })).toBe("Think");
  });

  it("marks paths and commands as code, addresses and browser targets as words", () => {
    expect(toolTitle({ title: "x", rawInput: { command: "ls" } }, "execute", CWD, "ls")).toEqual({ verb: "Run", target: "ls", code: true });
    expect(toolTitle({ title: "x", rawInput: { url: "https://www.example.com/" } }, "fetch", CWD, null)).toEqual({
      verb: "Read",
      target: "example.com",
    });
  });
});

describe("browser tool titles", () => {
  const tab = { id: 3, title: "Sign up — Test Co", site: "github.com" };
  it("says what the call does to which element on which site", () => {
    expect(titleText(browserToolTitle({ tool: "click", element: 'button "Submit"', tab }, { ref: "e3" }))).toBe(
      'Click "Submit" on github.com',
    );
    expect(titleText(browserToolTitle({ tool: "type", element: 'textbox "Email"', tab }, {}))).toBe('Type into "Email" on github.com');
    // Before the runner resolved the element: the ref the agent named.
    expect(titleText(browserToolTitle({ tool: "click", element: "e3" }, {}))).toBe("Click e3");
    expect(titleText(browserToolTitle({ tool: "read_page", tab }, {}))).toBe("Read Sign up — Test Co on github.com");
    expect(titleText(browserToolTitle({ tool: "navigate", url: "https://github.com/block/goose/pulls" }, {}))).toBe(
      "Go to github.com/block/goose/pulls",
    );
    expect(titleText(browserToolTitle({ tool: "press_key", tab }, { key: "Enter" }))).toBe("Press Enter on github.com");
    expect(titleText(browserToolTitle({ tool: "list_tabs" }, {}))).toBe("List the open tabs");
  });
});

describe("readableUrl", () => {
  it("drops the scheme, www and a bare slash; keeps other schemes whole", () => {
    expect(readableUrl("https://www.github.com/")).toBe("github.com");
    expect(readableUrl("http://localhost:8080/a?b=1")).toBe("localhost:8080/a?b=1");
    expect(readableUrl("file:///tmp/x.html")).toBe("file:///tmp/x.html");
    expect(readableUrl("not a url")).toBe("not a url");
  });
});
