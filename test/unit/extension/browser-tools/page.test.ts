// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { callPageTools, createPageTools, installPageTools } from "../../../../extension/browser-tools/page/dispatch";
import { findElements } from "../../../../extension/browser-tools/page/find";
import { accessibleName } from "../../../../extension/browser-tools/page/names";
import { buildOutline } from "../../../../extension/browser-tools/page/outline";
import { PAGE_TOOLS_GLOBAL, type PageReply } from "../../../../extension/browser-tools/page/protocol";
import { RefMap } from "../../../../extension/browser-tools/page/refs";
import { describe as describeEl, roleOf, statesOf } from "../../../../extension/browser-tools/page/roles";
import { useLayout } from "../../../helpers/dom/layout";

const FORM = `
  <header><nav aria-label="Site"><a href="/docs">Docs</a><a>no href</a></nav></header>
  <main>
    <h2>Sign in</h2>
    <form aria-label="Sign in">
      <label for="user">User name</label><input id="user" value="ada" />
      <label>Remember me <input type="checkbox" id="remember" checked /></label>
      <input type="password" id="pw" aria-label="Password" value="secret" />
      <input type="search" placeholder="Search docs" />
      <select id="lang" aria-label="Language"><option value="en">English</option><option value="fr">Français</option></select>
      <textarea id="notes" aria-labelledby="notes-label"></textarea><span id="notes-label">Notes for us</span>
      <button type="submit">Sign <b>in</b></button>
      <input type="submit" />
      <button disabled>Later</button>
      <div role="button" tabindex="0" aria-expanded="false">Menu</div>
    </form>
    <div hidden><button>Secret button</button></div>
    <div style="display:none"><a href="/x">Invisible link</a></div>
    <div aria-hidden="true"><button>Decor</button></div>
    <img src="x.png" alt="Company logo" />
  </main>`;

beforeEach(() => {
  document.body.innerHTML = FORM;
  document.title = "Test";
});

const $ = <T extends Element>(selector: string) => document.querySelector(selector) as T;

describe("roles, names and states", () => {
  it("computes implicit roles and accessible names like a browser", () => {
    expect(describeEl($("#user"))).toBe('textbox "User name"');
    expect(describeEl($("#remember"))).toBe('checkbox "Remember me"');
    expect(describeEl($("#pw"))).toBe('textbox "Password"');
    expect(describeEl($("input[type=search]"))).toBe('searchbox "Search docs"');
    expect(describeEl($("#lang"))).toBe('combobox "Language"');
    expect(describeEl($("#notes"))).toBe('textbox "Notes for us"');
    expect(describeEl($("button[type=submit]"))).toBe('button "Sign in"');
    expect(describeEl($("input[type=submit]"))).toBe('button "Submit"');
    expect(describeEl($("img"))).toBe('img "Company logo"');
    expect(describeEl($("nav"))).toBe('navigation "Site"');
    expect(roleOf($("header"))).toBe("banner");
    expect(roleOf($("nav a:not([href])"))).toBeNull();
    expect(accessibleName($("h2"), "heading")).toBe("Sign in");
  });

  it("reports the states a model needs", () => {
    expect(statesOf($("#remember"), "checkbox")).toEqual(["checked"]);
    expect(statesOf($("button[disabled]"), "button")).toEqual(["disabled"]);
    expect(statesOf($("[role=button]"), "button")).toEqual(["collapsed"]);
    expect(statesOf($("h2"), "heading")).toEqual(["level=2"]);
  });
});

describe("outline (page_snapshot)", () => {
  it("lists landmarks, headings and controls with refs, indented, values shown but never a password, hidden parts skipped", () => {
    const refs = new RefMap("t1");
    const text = buildOutline(document, refs).lines.join("\n");
    expect(text).toBe(
      [
        "- banner [e1]",
        '  - navigation "Site" [e2]',
        '    - link "Docs" [e3] -> /docs',
        "- main [e4]",
        '  - heading "Sign in" [e5] level=2',
        '  - form "Sign in" [e6]',
        '    - textbox "User name" [e7] value="ada"',
        '    - checkbox "Remember me" [e8] checked',
        '    - textbox "Password" [e9] value="(hidden)"',
        '    - searchbox "Search docs" [e10]',
        '    - combobox "Language" [e11] value="English" (2 options)',
        '      - option "English" [e12] selected',
        '      - option "Français" [e13]',
        '    - textbox "Notes for us" [e14]',
        '    - button "Sign in" [e15]',
        '    - button "Submit" [e16]',
        '    - button "Later" [e17] disabled',
        '    - button "Menu" [e18] collapsed',
      ].join("\n"),
    );
    expect(text).not.toContain("secret");
  });

  it("keeps an element's ref across snapshots, and numbers new ones on from the tab's counter", () => {
    const refs = new RefMap("t1");
    refs.startAt(40);
    const first = buildOutline(document, refs).lines.join("\n");
    expect(first).toContain('link "Docs" [e42]');
    document.querySelector("main")?.insertAdjacentHTML("afterbegin", "<button>New</button>");
    const second = buildOutline(document, refs).lines.join("\n");
    expect(second).toContain('link "Docs" [e42]');
    expect(second).toContain('button "New" [e58]');
  });
});

describe("refs", () => {
  it("resolves, and fails clearly for another document, an unknown ref, and a removed element", () => {
    const refs = new RefMap("doc-a");
    const ref = refs.refFor($("#user"));
    expect(refs.resolve(ref, "doc-a")).toEqual({ el: $("#user") });
    expect(refs.resolve(ref, "doc-b")).toEqual({
      error: `The page changed since the snapshot (it navigated or reloaded), so ${ref} no longer exists; take a new page_snapshot.`,
    });
    expect(refs.resolve("e99")).toEqual({
      error: "No element e99 on this page — the page changed since the snapshot; take a new page_snapshot.",
    });
    $("#user").remove();
    expect(refs.resolve(ref)).toEqual({
      error: `Element ${ref} is gone from the page (it was removed or re-rendered); take a new page_snapshot.`,
    });
  });
});

describe("find", () => {
  it("finds by role and name, and plain text as its innermost element, in the same ref space", () => {
    const refs = new RefMap("t");
    expect(findElements(document, refs, { role: "button", text: "sign", limit: 10 }).lines).toEqual(['button "Sign in" [e1]']);
    expect(findElements(document, refs, { text: "user name", limit: 10 }).lines).toEqual(['textbox "User name" [e2] value="ada"']);
    document.body.insertAdjacentHTML("beforeend", "<section><p>Opening hours: <b>9 to 5</b></p></section>");
    expect(findElements(document, refs, { text: "opening hours", limit: 10 }).lines).toEqual(['p [e3] text="Opening hours: 9 to 5"']);
    expect(findElements(document, refs, { text: "Secret button", limit: 10 }).total).toBe(0);
    const many = findElements(document, refs, { role: "textbox", limit: 2 });
    expect(many).toMatchObject({ total: 3 });
    expect(many.lines).toHaveLength(2);
  });

  it("puts exact matches first: a plain element whose text is the text is not hidden by a name that only contains it", () => {
    document.body.innerHTML = `<button>Submit</button><div>s</div><nav aria-label="Main"><a href="/">Main page</a></nav><p><span>s</span> more</p>`;
    const refs = new RefMap("t");
    expect(findElements(document, refs, { text: "s", limit: 10 }).lines).toEqual([
      'div [e1] text="s"',
      'span [e2] text="s"',
      'button "Submit" [e3]',
    ]);
    // An exact name first, then a name containing the text inside it; the role filter still holds.
    expect(findElements(document, refs, { text: "main", limit: 10 }).lines).toEqual([
      'navigation "Main" [e4]',
      'link "Main page" [e5] -> /',
    ]);
    expect(findElements(document, refs, { text: "s", role: "button", limit: 10 }).lines).toEqual(['button "Submit" [e3]']);
  });
});

describe("the page tools on the isolated world's global", () => {
  it("callPageTools finds what installPageTools installed, under PAGE_TOOLS_GLOBAL, and a second install keeps the refs", async () => {
    delete (window as unknown as Record<string, unknown>)[PAGE_TOOLS_GLOBAL];
    expect(callPageTools({ op: "get_selection" })).toEqual({ notInstalled: true });
    installPageTools(window as unknown as Window & typeof globalThis);
    const first = (await callPageTools({ op: "snapshot", refStart: 1 })) as PageReply;
    installPageTools(window as unknown as Window & typeof globalThis);
    const again = (await callPageTools({ op: "describe", ref: "e7", token: first.ok ? first.token : "" })) as PageReply;
    expect(again).toMatchObject({ ok: true, text: 'textbox "User name"' });
    delete (window as unknown as Record<string, unknown>)[PAGE_TOOLS_GLOBAL];
  });

  it("wait_for resolves when the text appears, and answers an error at its time limit", async () => {
    const tools = createPageTools(window as unknown as Window, "t");
    setTimeout(() => document.body.insertAdjacentHTML("beforeend", "<p>Loaded at last</p>"), 30);
    expect(await tools.run({ op: "wait_for", text: "loaded  AT last", timeoutMs: 2_000 })).toMatchObject({
      ok: true,
      text: 'Found the text "loaded  AT last".',
    });
    expect(await tools.run({ op: "wait_for", text: "never", timeoutMs: 50 })).toMatchObject({
      ok: false,
      error: 'Timed out after 50 ms waiting for the text "never".',
    });
  });

  it("every reply says our script's own time and, apart, its waits for the page", async () => {
    installPageTools(window as unknown as Window & typeof globalThis);
    const quick = (await callPageTools({ op: "get_selection" })) as PageReply;
    expect(quick).toMatchObject({ ok: true, pageMs: expect.any(Number), pageOwnMs: 0 });
    const started = performance.now();
    const waited = (await callPageTools({ op: "wait_for", text: "never", timeoutMs: 50 })) as PageReply;
    const whole = performance.now() - started;
    expect(waited.ok).toBe(false);
    // The 50 ms watch is the page's time; ours is the rest of the call, so the two make up the whole.
    expect(waited.pageOwnMs).toBeGreaterThanOrEqual(45);
    expect(waited.pageMs! + waited.pageOwnMs!).toBeLessThanOrEqual(whole + 0.1);
    expect(waited.pageMs! + waited.pageOwnMs!).toBeGreaterThanOrEqual(waited.pageOwnMs!);
    delete (window as unknown as Record<string, unknown>)[PAGE_TOOLS_GLOBAL];
  });

  it("the page's handlers of the events we dispatch count as the page's own time, not our script's", async () => {
    document.body.innerHTML = `<button id="slow">Slow</button>`;
    const button = document.getElementById("slow")!;
    useLayout(document).place(button, { left: 10, top: 10, right: 110, bottom: 40 });
    let clicked = 0;
    // A page handler that takes 30 ms of the page's thread.
    button.addEventListener("click", () => {
      const until = performance.now() + 30;
      while (performance.now() < until);
      clicked++;
    });
    const tools = createPageTools(window as unknown as Window, "t");
    const snap = await tools.run({ op: "snapshot", refStart: 1 });
    const ref = snap.ok ? /button "Slow" \[(e\d+)\]/.exec(snap.outline!.lines.join("\n"))?.[1] : undefined;
    const started = performance.now();
    const reply = await tools.run({ op: "click", ref: ref!, token: "t" }, started);
    expect(reply.ok).toBe(true);
    expect(clicked).toBe(1);
    expect(reply.pageOwnMs).toBeGreaterThanOrEqual(30);
    expect(reply.pageMs! + reply.pageOwnMs!).toBeLessThanOrEqual(performance.now() - started + 0.1);
  });

  it("an error inside an op comes back as an answer, never a throw", async () => {
    const tools = createPageTools(window as unknown as Window, "t");
    expect(await tools.run({ op: "click", ref: "e1" })).toEqual({
      ok: false,
      error: "No element e1 on this page — the page changed since the snapshot; take a new page_snapshot.",
      pageMs: expect.any(Number),
      pageOwnMs: 0,
    });
  });
});
