import { describe, expect, it } from "vitest";
import { withoutServeProfile, withServeProfile } from "../../../../native-host/setup/serve-profile-write";

const p = { platform: "linux" as const, home: "/home/me", env: {} };
const FILE = "/home/me/.config/goose-browser/host.json";
const text = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
const current = text({ defaultProfile: "desktop", profiles: { desktop: { url: "ws://127.0.0.1:3284/acp", token: "t" } }, debug: true });

describe("goose serve profiles in host.json", () => {
  it("adds one to a file that is not there yet, with the token given", () => {
    const r = withServeProfile(undefined, FILE, { name: "box", url: "ws://localhost:3284/acp", token: "k", makeDefault: false }, p);
    expect(JSON.parse(r.text)).toEqual({ profiles: { box: { url: "ws://localhost:3284/acp", token: "k" } } });
    expect(r).toMatchObject({ outcome: "added", tokenFrom: "given" });
  });

  it("removes one, keeping the rest; a default it was goes back to the host's own", () => {
    const r = withoutServeProfile(current, FILE, "desktop", p);
    expect(JSON.parse(r.text)).toEqual({ profiles: {}, debug: true });
    expect(r.outcome).toBe("removed");
  });

  it("removes no profile that runs a command, and none that is not there", () => {
    const withCommand = text({ profiles: { claude: { command: "claude-agent-acp" } } });
    expect(() => withoutServeProfile(withCommand, FILE, "claude", p)).toThrow(/profiles\.claude .* runs a command/);
    expect(() => withoutServeProfile(current, FILE, "nobody", p)).toThrow(/has no profile named "nobody"/);
    expect(() => withoutServeProfile(current, FILE, "__proto__", p)).toThrow(/has no profile named "__proto__"/);
    expect(() => withoutServeProfile("{", FILE, "desktop", p)).toThrow(/is not valid JSON/);
  });
});
