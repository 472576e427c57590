import { describe, expect, it } from "vitest";
import { scanJson } from "../../../../native-host/jsonrpc/json-scan";
import { forAgent } from "../../../../native-host/relay/for-agent";

function ready(message: unknown, serve: boolean) {
  const raw = Buffer.from(JSON.stringify(message));
  const next = forAgent(
    raw,
    scanJson(raw),
    () => [],
    () => serve,
  );
  if (next.action !== "forward") throw new Error(next.reason);
  return {
    sent: JSON.parse(next.line.toString()) as { id: unknown; params: { clientCapabilities: Record<string, unknown> } },
    fileSystem: next.fileSystem,
  };
}

describe("forAgent: the file system the agent is offered", () => {
  it("sets clientCapabilities.fs to what the host serves, keeping the rest of the message", () => {
    const init = {
      jsonrpc: "2.0",
      id: 7,
      method: "initialize",
      params: {
        protocolVersion: 1,
        clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false, elicitation: { form: {} } },
      },
    };
    const on = ready(init, true);
    expect(on.fileSystem).toBe(true);
    expect(on.sent.id).toBe(7);
    expect(on.sent.params.clientCapabilities).toEqual({
      fs: { readTextFile: true, writeTextFile: true },
      terminal: false,
      elicitation: { form: {} },
    });
    const off = ready(
      { ...init, params: { ...init.params, clientCapabilities: { fs: { readTextFile: true, writeTextFile: true } } } },
      false,
    );
    expect(off.fileSystem).toBe(false);
    expect(off.sent.params.clientCapabilities).toEqual({ fs: { readTextFile: false, writeTextFile: false } });
    // No capabilities given: the host's fs is added.
    expect(ready({ ...init, params: { protocolVersion: 1 } }, true).sent.params.clientCapabilities).toEqual({
      fs: { readTextFile: true, writeTextFile: true },
    });
  });

  it("leaves other messages, and an initialize without params, as they came", () => {
    expect(ready({ jsonrpc: "2.0", id: 1, method: "session/list", params: {} }, true).fileSystem).toBeUndefined();
    const bare = ready({ jsonrpc: "2.0", id: 1, method: "initialize" }, true);
    expect(bare.fileSystem).toBe(false);
  });
});
