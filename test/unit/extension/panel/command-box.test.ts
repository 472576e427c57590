// @vitest-environment happy-dom

import { h, render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CommandBox } from "../../../../extension/panel/setup/CommandBox";

const COMMAND = "npx -y goose-browser@latest install";

describe("CommandBox", () => {
  let host: HTMLElement;
  beforeEach(() => {
    host = document.createElement("div");
    document.body.replaceChildren(host);
  });
  afterEach(() => {
    render(null, host);
    vi.restoreAllMocks();
  });

  const button = () => host.querySelector("button")!;

  it("shows the command whole and copies exactly it", async () => {
    const writeText = vi.fn(async (_text: string) => {});
    vi.spyOn(navigator, "clipboard", "get").mockReturnValue({ writeText } as unknown as Clipboard);
    render(h(CommandBox, { command: COMMAND }), host);
    expect(host.querySelector("code")?.textContent).toBe(COMMAND);
    expect(button().getAttribute("aria-label")).toBe("Copy the command");
    await act(async () => button().click());
    expect(writeText).toHaveBeenCalledWith(COMMAND);
    expect(button().textContent).toBe("Copied");
  });

  it("without clipboard access, selects the command and says how to copy it", async () => {
    vi.spyOn(navigator, "clipboard", "get").mockReturnValue({
      writeText: async () => {
        throw new Error("Document is not focused.");
      },
    } as unknown as Clipboard);
    render(h(CommandBox, { command: COMMAND }), host);
    await act(async () => button().click());
    expect(getSelection()?.toString()).toBe(COMMAND);
    expect(host.querySelector('[role="alert"]')?.textContent).toContain("Ctrl+C");
    expect(button().textContent).toBe("Copy");
  });
});
