/** goose's fork by time (extension/state/sessions/goose-rewind.ts). */
import { describe, expect, it } from "vitest";
import type { AgentState, Entry } from "../../../../extension/state/sessions/client-state";
import { rewindsByTime, rewindTime } from "../../../../extension/state/sessions/goose-rewind";

const user = (created?: number): Entry => ({ kind: "user", id: `u${created}`, content: [], ...(created === undefined ? {} : { created }) });
const agent = (created?: number): Entry => ({
  kind: "agent",
  id: `a${created}`,
  text: "",
  attachments: [],
  ...(created === undefined ? {} : { created }),
});
const agentNamed = (name: string, version: string) => ({ info: { name, version } }) as AgentState;

describe("goose's rewind", () => {
  it("is goose's from 1.50 on, never another agent's", () => {
    expect(rewindsByTime(agentNamed("goose", "1.50.0"))).toBe(true);
    expect(rewindsByTime(agentNamed("goose", "1.52.1"))).toBe(true);
    expect(rewindsByTime(agentNamed("goose", "1.49.0"))).toBe(false);
    expect(rewindsByTime(agentNamed("@agentclientprotocol/claude-agent-acp", "1.60.0"))).toBe(false);
  });

  it("keeps what was created before the first withdrawn message, when a second separates them", () => {
    const entries = [user(100), agent(101), user(103), agent(104)];
    expect(rewindTime(entries, 2)).toBe(103);
    expect(rewindTime(entries, 0)).toBe(100);
    // Nothing withdrawn: no rewind needed.
    expect(rewindTime(entries, 4)).toBeUndefined();
  });

  it("gives none when the last message kept and the first withdrawn share a second, or the time is unknown", () => {
    expect(rewindTime([user(100), agent(103), user(103)], 2)).toBeNull();
    expect(rewindTime([user(100), agent(101), user()], 2)).toBeNull();
    expect(rewindTime([user(100), agent(101)], 1)).toBeNull();
  });
});
