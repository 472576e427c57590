import { describe, expect, it } from "vitest";
import { groupTitleUpdater } from "../../../../extension/background/indicators/tab-group-title";
import { groupTitle, isAgentGroup } from "../../../../extension/browser-tools/tab-group";
import { type AppEvent, type AppState, initialAppState, reduceApp } from "../../../../extension/state/app";
import type { BrowserToolsEvent } from "../../../../extension/state/browser-tools/browser-tools";
import { FakeClock } from "../../../helpers/fake-clock";

const named: AppState = {
  ...initialAppState,
  client: { ...initialAppState.client, agent: { ...initialAppState.client.agent, info: { name: "goose", version: "1.50.0" } as never } },
};

function withTurn(state: AppState, turn: "idle" | "running"): AppState {
  const session = { turn } as AppState["client"]["sessions"][string];
  return { ...state, client: { ...state.client, sessions: { s1: session } } };
}

const tools = (event: BrowserToolsEvent): AppEvent => ({ scope: "tools", event });

describe("the agent's tab group title", () => {
  it('is the agent\'s name, with " · working" while it works; both are its group', () => {
    expect(groupTitle("goose", false)).toBe("goose");
    expect(groupTitle("goose", true)).toBe("goose · working");
    expect(isAgentGroup("goose · working", "goose")).toBe(true);
    expect(isAgentGroup("goose", "goose")).toBe(true);
    expect(isAgentGroup("goose stuff", "goose")).toBe(false);
    expect(isAgentGroup(undefined, "goose")).toBe(false);
  });

  it("says working while a turn runs or a tool call runs, back to the name a moment after; unchanged states retitle nothing", () => {
    const calls: string[] = [];
    const timers = new FakeClock();
    const update = groupTitleUpdater(async (name, working) => void calls.push(`${name} ${working}`), timers);
    const event = tools({ type: "tools_enabled", enabled: true });
    update(named, event);
    expect(calls).toEqual([]);
    update(withTurn(named, "running"), event);
    update(withTurn(named, "running"), event);
    update(withTurn(named, "idle"), event);
    expect(calls).toEqual(["goose true"]);
    timers.advance(1500);
    expect(calls).toEqual(["goose true", "goose false"]);
    const started = tools({ type: "tool_started", callId: "c1", tool: "click", args: {} });
    const running = reduceApp(named, started);
    update(running, started);
    expect(calls.at(-1)).toBe("goose true");
  });

  it("stays working between calls that follow each other closely: no retitle per call", () => {
    const calls: string[] = [];
    const timers = new FakeClock();
    const update = groupTitleUpdater(async (name, working) => void calls.push(`${name} ${working}`), timers);
    let state = named;
    for (const callId of ["c1", "c2", "c3"]) {
      const started = tools({ type: "tool_started", callId, tool: "page_snapshot", args: {} });
      state = reduceApp(state, started);
      update(state, started);
      const finished = tools({ type: "tool_finished", callId, isError: false });
      state = reduceApp(state, finished);
      update(state, finished);
    }
    expect(calls).toEqual(["goose true"]);
    expect(timers.pending).toBe(1);
    timers.advance(1500);
    expect(calls).toEqual(["goose true", "goose false"]);
  });

  it("after each open_tab (whose group may be new) it is set again, even when nothing else changed", () => {
    const calls: string[] = [];
    const update = groupTitleUpdater(async (name, working) => void calls.push(`${name} ${working}`));
    const started = tools({ type: "tool_started", callId: "c1", tool: "open_tab", args: {} });
    let state = withTurn(reduceApp(named, started), "running");
    update(state, started);
    const finished = tools({ type: "tool_finished", callId: "c1", isError: false });
    state = reduceApp(state, finished);
    update(state, finished);
    expect(calls).toEqual(["goose true", "goose true"]);
  });
});
