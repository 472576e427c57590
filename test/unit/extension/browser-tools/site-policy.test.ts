import "../../../helpers/dom/fake-browser";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fakeBrowser } from "wxt/testing/fake-browser";
import { type ConsentRequest, consentToAct, consentToRead } from "../../../../extension/browser-tools/consent";
import { sliceMarkdown } from "../../../../extension/browser-tools/markdown-window";
import { checkSite } from "../../../../extension/browser-tools/site-policy";
import { SiteGrants, siteGrantsItem } from "../../../../extension/storage/site-grants";

const OWN = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";
const ctx = { ownOrigin: OWN, fileAccess: false };

beforeEach(() => fakeBrowser.reset());

describe("site policy", () => {
  it("allows web pages, naming the site and its host-permission pattern", () => {
    expect(checkSite("https://github.com/block/goose?x=1", ctx)).toEqual({
      ok: true,
      site: "github.com",
      origin: "https://github.com",
      originPattern: "https://github.com/*",
    });
    expect(checkSite("http://127.0.0.1:8080/form.html", ctx)).toMatchObject({
      ok: true,
      site: "127.0.0.1",
      originPattern: "http://127.0.0.1/*",
    });
  });

  it.each([
    ["chrome://settings", /browser page/],
    ["edge://extensions", /browser page/],
    ["brave://wallet", /browser page/],
    ["about:blank", /browser page/],
    ["view-source:https://example.com", /browser page/],
    ["devtools://devtools/bundled/inspector.html", /browser page/],
    ["chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba/popup.html", /another extension/],
    ["moz-extension://1234/page.html", /another extension/],
    [`${OWN}/sidepanel.html`, /this extension's own pages/],
    ["https://chromewebstore.google.com/detail/abc", /stores/],
    ["https://chrome.google.com/webstore/detail/abc", /stores/],
    ["https://microsoftedge.microsoft.com/addons/detail/abc", /stores/],
    ["https://addons.mozilla.org/en-US/firefox/addon/x/", /stores/],
    ["javascript:alert(1)", /Only web pages/],
    ["data:text/html,<b>x</b>", /Only web pages/],
    ["file:///home/me/notes.html", /Allow access to file URLs/],
    [undefined, /does not show the extension this tab's address/],
    ["not a url", /not a web address/],
  ])("refuses %s", (url, reason) => {
    const result = checkSite(url, ctx);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.reason).toMatch(reason);
  });

  it("does not mistake look-alike hosts for the stores", () => {
    expect(checkSite("https://chrome.google.com/search", ctx).ok).toBe(true);
    expect(checkSite("https://microsoftedge.microsoft.com/en-us", ctx).ok).toBe(true);
  });

  it("allows file: pages only when the user allowed file URLs for the extension", () => {
    expect(checkSite("file:///home/me/notes.html", { ...ctx, fileAccess: true })).toEqual({
      ok: true,
      site: "local files",
      origin: "file://",
      originPattern: "file:///*",
    });
  });
});

/** storage.session as a plain map. */
const tab = { id: 7, title: "Repo", url: "https://github.com/block/goose" };
const base = { tool: "click" as const, agent: "goose", site: "github.com", origin: "https://github.com", tab };

describe("consent", () => {
  it("reading a site the browser already grants asks nothing", async () => {
    const asked: ConsentRequest[] = [];
    const deps = {
      ask: async (r: ConsentRequest) => {
        asked.push(r);
        return "deny" as const;
      },
      grants: new SiteGrants(),
      hasHostAccess: async () => true,
    };
    expect(await consentToRead(deps, { ...base, tool: "read_page", originPattern: "https://github.com/*" })).toBeNull();
    expect(asked).toEqual([]);
  });

  it("reading a site without access asks, then trusts only what the browser granted", async () => {
    let granted = false;
    const asked: ConsentRequest[] = [];
    const deps = {
      ask: async (r: ConsentRequest) => {
        asked.push(r);
        granted = true; // the panel's permissions.request on the user's click
        return "allow_site" as const;
      },
      grants: new SiteGrants(),
      hasHostAccess: async () => granted,
    };
    expect(await consentToRead(deps, { ...base, tool: "read_page", originPattern: "https://github.com/*" })).toBeNull();
    expect(asked[0]).toMatchObject({
      kind: "read",
      message: "goose wants to read pages on github.com",
      originPattern: "https://github.com/*",
      tab,
    });
    const refused = { ...deps, ask: async () => "allow_once" as const, hasHostAccess: async () => false };
    expect(await consentToRead(refused, { ...base, tool: "read_page", originPattern: "https://github.com/*" })).toBe(
      "The browser did not grant access to github.com.",
    );
    const denied = { ...deps, ask: async () => "deny" as const, hasHostAccess: async () => false };
    expect(await consentToRead(denied, { ...base, tool: "read_page", originPattern: "https://github.com/*" })).toBe(
      "The user denied reading github.com.",
    );
  });

  it("acting asks every time with Allow once, never again on the site after Allow on this site, and Deny is an error", async () => {
    const answers = ["allow_once", "allow_site", "deny"] as const;
    const asked: ConsentRequest[] = [];
    const deps = {
      ask: async (r: ConsentRequest) => {
        asked.push(r);
        return answers[asked.length - 1] ?? "deny";
      },
      grants: new SiteGrants(),
      hasHostAccess: async () => true,
    };
    const act = { ...base, action: 'click button "Submit"', element: 'button "Submit"' };
    expect(await consentToAct(deps, act)).toBeNull();
    expect(asked[0]).toMatchObject({
      kind: "act",
      message: 'goose wants to click button "Submit" on github.com',
      element: 'button "Submit"',
      tab,
    });
    expect(await consentToAct(deps, act)).toBeNull();
    expect(await consentToAct(deps, act)).toBeNull();
    expect(asked).toHaveLength(2);
    // Remembered in the session area, per origin: another site still asks (and is denied).
    expect(await siteGrantsItem.getValue()).toEqual(["https://github.com"]);
    expect(await consentToAct(deps, { ...act, site: "example.com", origin: "https://example.com" })).toBe(
      'The user denied this: click button "Submit" on example.com. Nothing was changed.',
    );
  });

  it("grants are read from storage once per worker life, and a worker that wakes again reads what was stored", async () => {
    const grants = new SiteGrants();
    const reads = vi.spyOn(siteGrantsItem, "getValue");
    expect(await grants.has("https://a.example")).toBe(false);
    await grants.add("https://a.example");
    expect(await grants.has("https://a.example")).toBe(true);
    expect(await grants.has("https://b.example")).toBe(false);
    expect(reads).toHaveBeenCalledTimes(1);
    reads.mockRestore();
    expect(await new SiteGrants().has("https://a.example")).toBe(true);
  });

  it("the agent's name comes from the caller", async () => {
    const asked: ConsentRequest[] = [];
    const deps = {
      ask: async (r: ConsentRequest) => {
        asked.push(r);
        return "allow_once" as const;
      },
      grants: new SiteGrants(),
      hasHostAccess: async () => true,
    };
    await consentToAct(deps, { ...base, agent: "claude", action: "open https://x.test/ in a new tab" });
    expect(asked[0]?.message).toBe("claude wants to open https://x.test/ in a new tab on github.com");
  });

  it("a malformed or missing answer is a deny", async () => {
    const deps = { ask: async () => "yes please" as never, grants: new SiteGrants(), hasHostAccess: async () => true };
    expect(await consentToAct(deps, { ...base, action: "click x" })).toMatch(/^The user denied/);
  });
});

describe("read_page windows", () => {
  it("cuts at a line break near the cap and says where to read on", () => {
    const text = Array.from({ length: 100 }, (_, i) => `line ${i} ${"x".repeat(40)}`).join("\n");
    const first = sliceMarkdown(text, 0, 1000);
    expect(first.text.endsWith("\n")).toBe(true);
    expect(first.end).toBeLessThanOrEqual(1000);
    expect(first.end).toBeGreaterThan(800);
    expect(first.nextOffset).toBe(first.end);
    const rest = sliceMarkdown(text, first.end, 1_000_000);
    expect(first.text + rest.text).toBe(text);
    expect(rest.nextOffset).toBeUndefined();
    expect(() => sliceMarkdown(text, text.length + 1)).toThrow(/past the end/);
  });
});

describe("manifest", () => {
  it("ships host access only as optional (asked for at run time), with tabGroups; only the e2e build has it installed", async () => {
    const { default: config } = await import("../../../../wxt.config");
    const manifest = config.manifest as (env: { browser: string; mode: string }) => Record<string, unknown>;
    const shipped = manifest({ browser: "chrome", mode: "production" });
    expect(shipped.host_permissions).toBeUndefined();
    expect(shipped.optional_host_permissions).toEqual(["<all_urls>"]);
    expect(shipped.permissions).toContain("tabGroups");
    expect(shipped.permissions).not.toContain("tabs");
    expect(shipped.optional_permissions).toContain("tabs");
    expect(manifest({ browser: "chrome", mode: "e2e" }).host_permissions).toEqual(["<all_urls>"]);
  });
});
