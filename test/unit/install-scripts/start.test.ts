/** `npm start`'s pure parts: the browser's arguments and the DevTools pipe's framing. */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { DevToolsPipe } from "../../../install-scripts/start/devtools-pipe";
import { PANEL_URL, planStart, whereToLook } from "../../../install-scripts/start/start-plan";

const inputs = {
  chromiumPath: undefined,
  exists: (f: string) => f === "/usr/bin/google-chrome",
  extensionDir: "/repo/dist/extension/chrome-mv3",
  profileDir: "/home/me/.cache/goose-browser/chromium-profile",
  headless: false,
  isRoot: false,
};

describe("planStart", () => {
  it("puts no page on the command line (Chromium would block it before the extension loads) and opens a DevTools pipe", () => {
    const plan = planStart(inputs);
    if ("error" in plan) throw new Error(plan.error);
    expect(plan.browser).toBe("/usr/bin/google-chrome");
    expect(plan.args.filter((a) => !a.startsWith("--"))).toEqual([]);
    expect(plan.args.some((a) => a.includes("chrome-extension:"))).toBe(false);
    expect(plan.args).toEqual(
      expect.arrayContaining([
        "--user-data-dir=/home/me/.cache/goose-browser/chromium-profile",
        "--load-extension=/repo/dist/extension/chrome-mv3",
        "--remote-debugging-pipe",
      ]),
    );
    expect(plan.args).not.toContain("--headless");
    expect(plan.args).not.toContain("--no-sandbox");
  });

  it("prefers $CHROMIUM_PATH, adds the headless and root flags, and says when there is no browser", () => {
    const plan = planStart({ ...inputs, chromiumPath: "/opt/chromium/chrome", headless: true, isRoot: true });
    expect(plan).toMatchObject({ browser: "/opt/chromium/chrome", headless: true });
    if ("error" in plan) throw new Error(plan.error);
    expect(plan.args).toEqual(expect.arrayContaining(["--headless", "--remote-debugging-port=0", "--no-sandbox"]));
    expect(planStart({ ...inputs, exists: () => false })).toEqual({ error: expect.stringMatching(/No Chromium found.*CHROMIUM_PATH/) });
  });

  it("tells the user where to look either way", () => {
    expect(whereToLook(true)).toContain(PANEL_URL);
    expect(whereToLook(false)).toMatch(/no panel tab was opened/);
    for (const opened of [true, false]) expect(whereToLook(opened)).toMatch(/toolbar.*side panel/);
  });
});

describe("DevToolsPipe", () => {
  function pipe() {
    const toBrowser = new PassThrough();
    const fromBrowser = new PassThrough();
    const sent: string[] = [];
    toBrowser.on("data", (c: Buffer) => sent.push(...c.toString().split("\0").filter(Boolean)));
    return { devtools: new DevToolsPipe(toBrowser, fromBrowser), fromBrowser, sent };
  }

  it("matches replies by id across split NUL-framed chunks, and rejects an error reply", async () => {
    const { devtools, fromBrowser, sent } = pipe();
    const a = devtools.send("Target.createTarget", { url: "about:blank" });
    const b = devtools.send("Browser.close");
    await new Promise((r) => setImmediate(r));
    expect(sent.map((s) => JSON.parse(s))).toEqual([
      { id: 1, method: "Target.createTarget", params: { url: "about:blank" } },
      { id: 2, method: "Browser.close", params: {} },
    ]);
    fromBrowser.write('{"id":2,"error":{"message":"nope"}}\0{"id":1,"res');
    fromBrowser.write('ult":{"targetId":"T1"}}\0');
    await expect(a).resolves.toEqual({ targetId: "T1" });
    await expect(b).rejects.toThrow("nope");
  });

  it("waitForTarget resolves on the first matching target, and with nothing once the browser is gone", async () => {
    const { devtools, fromBrowser, sent } = pipe();
    const worker = devtools.waitForTarget((t) => t.type === "service_worker", 10_000);
    await new Promise((r) => setImmediate(r));
    expect(JSON.parse(sent[0]!)).toMatchObject({ method: "Target.setDiscoverTargets", params: { discover: true } });
    const event = (type: string) =>
      `${JSON.stringify({ method: "Target.targetCreated", params: { targetInfo: { targetId: type, type, url: "x" } } })}\0`;
    fromBrowser.write(`{"id":1,"result":{}}\0${event("page")}${event("service_worker")}`);
    await expect(worker).resolves.toMatchObject({ type: "service_worker" });

    const never = devtools.waitForTarget(() => false, 10_000);
    fromBrowser.end();
    fromBrowser.destroy();
    await expect(never).resolves.toBeUndefined();
  });
});
