/** A working folder or profile the host refused: what the connection state keeps and what the panel says. */
import { describe, expect, it } from "vitest";
import {
  type ConnectionEvent,
  type ConnectionState,
  initialConnectionState,
  reduceConnection,
} from "../../../../extension/state/connection/connection";
import { describeConnection } from "../../../../extension/view/status-text";
import type { AgentStatus } from "../../../../shared/host-protocol";
import { hostHello } from "../../../helpers/host-hello";

const hello = hostHello({ hostVersion: "0.3.1", cwd: "/home/me", logFile: "/home/me/host.log" });
const refusal: ConnectionEvent = {
  type: "host_error",
  error: { type: "error", code: "invalid_cwd", message: 'the working folder "/gone" is not an existing absolute folder' },
};
const status = (s: AgentStatus): ConnectionEvent => ({ type: "agent_status", status: s });
const running: AgentStatus = { profile: "goose", state: "running", command: "/g", pid: 2, cwd: "/home/me" };
const exited: AgentStatus = { profile: "goose", state: "exited", command: "/g", code: null, signal: "SIGKILL", stderrTail: [] };

function state(...events: ConnectionEvent[]): ConnectionState {
  return [{ type: "connecting" } as ConnectionEvent, { type: "hello", hello } as ConnectionEvent, ...events].reduce(
    reduceConnection,
    initialConnectionState,
  );
}

describe("a refused working folder", () => {
  it("instead of waiting for an agent that will not start, says why and points at Options", () => {
    for (const s of [state(refusal), state(status(exited), refusal)]) {
      const view = describeConnection(s, null, "0.1.0");
      expect(view.tone).toBe("error");
      expect(view.headline).toBe("The agent did not start: its working folder does not exist.");
      expect(view.fix).toContain("Choose an existing folder in Options (or leave it empty for `/home/me`)");
      expect(view.detail?.lines).toEqual([refusal.type === "host_error" ? refusal.error.message : ""]);
      expect(view.openOptions).toBe(true);
    }
  });

  it("is settled by the next status: the error clears once a folder is taken", () => {
    const fixed = state(refusal, status({ profile: "goose", state: "discovering" }));
    expect(fixed.hostError).toBeNull();
    expect(describeConnection(fixed, null, "0.1.0").headline).toBe("Looking for goose…");
    expect(describeConnection(state(refusal, status(running)), null, "0.1.0").openOptions).toBeUndefined();
  });

  it("does not hide a running agent (a refused restart leaves it running), nor clear other host errors", () => {
    expect(describeConnection(state(status(running), refusal), null, "0.1.0").tone).toBe("ok");
    const other: ConnectionEvent = { type: "host_error", error: { type: "error", code: "not_jsonrpc", message: "x" } };
    expect(state(other, status(running)).hostError?.code).toBe("not_jsonrpc");
  });

  it("counts every host error, so a repeated refusal is told from the one already shown", () => {
    expect(state(refusal).hostErrorCount).toBe(1);
    expect(state(refusal, refusal).hostErrorCount).toBe(2);
  });
});
