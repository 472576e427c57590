import { describe, expect, it } from "vitest";
import { featuresOff, hostFit, hostServes } from "../../../../extension/state/connection/host-compat";
import { HOST_PROTOCOL_VERSION, MIN_HOST_PROTOCOL } from "../../../../shared/host-protocol";

const N = HOST_PROTOCOL_VERSION;
const ALL = ["browser_tools", "browser_tools_offer", "goose_session_methods", "file_edits", "goose_features"];

describe("hostFit: which hosts this extension works with", () => {
  it("works fully with a host of its own protocol that serves everything", () => {
    expect(hostFit({ protocolVersion: N, minExtensionProtocol: N, capabilities: ALL })).toEqual({ verdict: "ok", speak: N, missing: [] });
  });

  it("keeps working with a host one version behind, speaking its protocol, with what it lacks listed", () => {
    expect(MIN_HOST_PROTOCOL).toBe(N - 1);
    expect(hostFit({ protocolVersion: N - 1, capabilities: ["browser_tools_offer"] })).toEqual({
      verdict: "behind",
      speak: N - 1,
      missing: ["browser_tools", "goose_session_methods", "file_edits", "goose_features"],
    });
  });

  it("refuses a host two versions behind, or one that names no protocol", () => {
    expect(hostFit({ protocolVersion: N - 2, capabilities: ALL })).toEqual({ verdict: "too_old" });
    expect(hostFit({ protocolVersion: undefined as unknown as number })).toEqual({ verdict: "too_old" });
    expect(hostFit({ protocolVersion: 2.5 })).toEqual({ verdict: "too_old" });
  });

  it("works with a newer host that still serves this extension's protocol, speaking its own", () => {
    expect(hostFit({ protocolVersion: N + 1, minExtensionProtocol: N, capabilities: [...ALL, "something_new"] })).toEqual({
      verdict: "ok",
      speak: N,
      missing: [],
    });
  });

  it("refuses a newer host that no longer serves it, or does not say how far back it serves", () => {
    expect(hostFit({ protocolVersion: N + 1, minExtensionProtocol: N + 1, capabilities: ALL })).toEqual({ verdict: "too_new" });
    expect(hostFit({ protocolVersion: N + 1, capabilities: ALL })).toEqual({ verdict: "too_new" });
  });
});

describe("hostServes", () => {
  it("reads the capabilities a host lists", () => {
    expect(hostServes({ protocolVersion: N, capabilities: ["browser_tools"] }, "browser_tools")).toBe(true);
    expect(hostServes({ protocolVersion: N, capabilities: ["browser_tools"], browserTools: true }, "browser_tools_offer")).toBe(false);
  });

  it("falls back to the browserTools flag of a host from before capabilities", () => {
    expect(hostServes({ protocolVersion: N, browserTools: true }, "browser_tools")).toBe(true);
    expect(hostServes({ protocolVersion: N, browserTools: true }, "browser_tools_offer")).toBe(true);
    expect(hostServes({ protocolVersion: N }, "browser_tools")).toBe(false);
    // That flag says nothing of later features: goose's session methods were refused then.
    expect(hostServes({ protocolVersion: N, browserTools: true }, "goose_session_methods")).toBe(false);
    expect(hostServes({ protocolVersion: N, browserTools: true }, "goose_features")).toBe(false);
  });
});

describe("featuresOff", () => {
  it("names what the user loses, without a part of a feature that is off anyway", () => {
    expect(featuresOff(["browser_tools", "browser_tools_offer"])).toEqual(["browser tools"]);
    expect(featuresOff(["browser_tools_offer"])).toEqual(["the report of whether the agent took the browser tools"]);
    expect(featuresOff([])).toEqual([]);
  });
});
