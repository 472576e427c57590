// @vitest-environment happy-dom
/**
 * The panel's file edits in happy-dom (extension/panel/edits/): a tool card's edit shows the host's
 * diff with Undo and what became of it, the turn's review lists each file with its counts and sends
 * Undo all / Keep all, a host without `file_edits` offers no Undo, and the export lists the files.
 */
import "../../../helpers/dom/fake-browser";
import { type ComponentChild, h, render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CardEdits } from "../../../../extension/panel/edits/FileEdits";
import { TurnReview } from "../../../../extension/panel/edits/TurnReview";
import { transcriptMarkdown } from "../../../../extension/panel/header/export";
import { type AppEvent, type AppState, initialAppState, reduceApp } from "../../../../extension/state/app";
import { type EditRecord, sessionEdits } from "../../../../extension/state/file-edits/file-edits";
import { applySnapshot } from "../../../../extension/view/state-signals";
import { fileEdit } from "../../../helpers/file-edits";
import { hostHello } from "../../../helpers/host-hello";

const sent = vi.hoisted(() => [] as unknown[]);
vi.mock("../../../../extension/view/background-link", () => ({ send: (c: unknown) => sent.push(c) }));

const S = "s1";
const edited = (editId: string, path: string, before: string | null, after: string, at: number, more = {}): AppEvent => ({
  scope: "edits",
  event: { type: "file_edited", edit: fileEdit(editId, path, before, after, { sessionId: S, at, ...more }) },
});

function stateWith(capabilities: string[], ...events: AppEvent[]): AppState {
  const start: AppEvent[] = [
    { scope: "connection", event: { type: "connecting" } },
    { scope: "connection", event: { type: "hello", hello: hostHello({ capabilities }) } },
    { scope: "client", event: { type: "session_opened", sessionId: S, cwd: "/w", loading: false } },
    { scope: "client", event: { type: "prompt_sent", sessionId: S, content: [{ type: "text", text: "go" }] } },
  ];
  const end: AppEvent = { scope: "client", event: { type: "prompt_finished", sessionId: S, stopReason: "end_turn" } };
  return [...start, ...events, end].reduce(reduceApp, initialAppState);
}

let root: HTMLElement;
beforeEach(() => {
  sent.length = 0;
  root = document.createElement("div");
  document.body.append(root);
});
afterEach(() => {
  render(null, root);
  root.remove();
});

const show = (state: AppState, node: ComponentChild) =>
  act(() => {
    applySnapshot(state);
    render(node, root);
  });
const button = (name: string) => [...root.querySelectorAll("button")].find((b) => b.textContent === name);

describe("the turn's review", () => {
  it("lists each changed file with its counts from before its first edit to after its last, and sends Undo all and Keep all", () => {
    const state = stateWith(
      ["file_edits"],
      edited("1-aaaaaaaa", "/w/a.txt", "one\ntwo\n", "one\n2\n", 1),
      edited("2-bbbbbbbb", "/w/a.txt", "one\n2\n", "one\n2\nthree\n", 2),
      edited("3-cccccccc", "/w/new.txt", null, "hi\n", 3),
    );
    show(state, h(TurnReview, {}));
    expect(root.querySelector(".review__title")?.textContent).toContain("changed 2 files");
    const files = [...root.querySelectorAll(".review__file")].map((li) => li.querySelector("summary")?.textContent);
    expect(files).toEqual(["a.txt+2 −1", "new.txtNew file · +1 −0"]);
    act(() => button("Undo all")!.click());
    expect(sent).toEqual([{ type: "undo_edits", sessionId: S, editIds: ["1-aaaaaaaa", "2-bbbbbbbb", "3-cccccccc"] }]);
    act(() => button("Keep all")!.click());
    expect(sent.at(-1)).toEqual({ type: "close_review", sessionId: S });
  });

  it("says per file what Undo did, and offers no Undo through a host without file edits", () => {
    let state = stateWith(["file_edits"], edited("1-aaaaaaaa", "/w/a.txt", "a\n", "b\n", 1));
    state = reduceApp(state, {
      scope: "edits",
      event: {
        type: "edit_undo_answered",
        answer: { type: "edit_undo", sessionId: S, editId: "1-aaaaaaaa", outcome: "changed", message: "m" },
      },
    });
    show(state, h(TurnReview, {}));
    expect(root.querySelector(".review__state")?.textContent).toContain("changed after the agent wrote it");
    expect(button("Close")).toBeDefined();

    show(stateWith(["browser_tools"], edited("1-aaaaaaaa", "/w/a.txt", "a\n", "b\n", 1)), h(TurnReview, {}));
    expect(button("Undo all")).toBeUndefined();
    expect(button("Keep all")).toBeDefined();
  });
});

describe("an edit in its tool card", () => {
  const edits = (state: AppState): readonly EditRecord[] => sessionEdits(state.edits, S).edits;

  it("shows the host's diff and sends Undo for that edit", () => {
    const state = stateWith(["file_edits"], edited("1-aaaaaaaa", "/w/a.txt", "a\n", "b\n", 1));
    show(state, h(CardEdits, { sessionId: S, edits: edits(state), cwd: "/w" }));
    expect(root.querySelector("figure")?.getAttribute("aria-label")).toBe("Changes to a.txt on disk");
    expect(root.querySelector(".diff__stat")?.textContent).toBe("+1 −1");
    act(() => button("Undo")!.click());
    expect(sent).toEqual([{ type: "undo_edits", sessionId: S, editIds: ["1-aaaaaaaa"] }]);
  });

  it("says a diff too large to show, with its sizes, and shows what changed since a refused Undo", () => {
    const big = stateWith(
      ["file_edits"],
      edited("1-aaaaaaaa", "/w/a.txt", null, "", 1, {
        before: undefined,
        after: undefined,
        beforeBytes: 2_000_000,
        afterBytes: 3_000_000,
        omitted: "too_large",
      }),
    );
    show(big, h(CardEdits, { sessionId: S, edits: edits(big), cwd: "/w" }));
    expect(root.textContent).toContain("Too large to show here (1.9 MB before, 2.9 MB after).");

    let refused = stateWith(["file_edits"], edited("1-aaaaaaaa", "/w/a.txt", "a\n", "b\n", 1));
    refused = reduceApp(refused, {
      scope: "edits",
      event: {
        type: "edit_undo_answered",
        answer: { type: "edit_undo", sessionId: S, editId: "1-aaaaaaaa", outcome: "changed", message: "m", current: "b\nc\n" },
      },
    });
    show(refused, h(CardEdits, { sessionId: S, edits: edits(refused), cwd: "/w" }));
    expect(root.querySelector("[role=status]")?.textContent).toBe(
      "Not undone: the file changed after the agent wrote it, so it was left as it is.",
    );
    act(() => button("Show what changed since")!.click());
    expect(root.querySelectorAll("figure")[1]?.getAttribute("aria-label")).toBe("Changes to a.txt since the agent's edit");
    expect(button("Try Undo again")).toBeDefined();
  });
});

describe("the export", () => {
  it("ends with the files changed, their counts, and whether they were undone", () => {
    let state = stateWith(
      ["file_edits"],
      edited("1-aaaaaaaa", "/w/a.txt", "a\n", "b\n", 1),
      edited("2-bbbbbbbb", "/w/n.txt", null, "x\ny\n", 2),
    );
    state = reduceApp(state, {
      scope: "edits",
      event: {
        type: "edit_undo_answered",
        answer: { type: "edit_undo", sessionId: S, editId: "2-bbbbbbbb", outcome: "undone", message: "" },
      },
    });
    const md = transcriptMarkdown(state.client.sessions[S]!, new Date(0), "goose", [], state.edits.sessions[S]!.edits);
    expect(md).toContain("## Files changed (2)\n\n- `/w/a.txt` +1 −1\n- `/w/n.txt` +2 −0 (new file, undone)\n");
  });
});
