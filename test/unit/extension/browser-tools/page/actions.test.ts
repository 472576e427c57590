// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { actionWait } from "../../../../../extension/browser-tools/page/act/actionable";
import {
  clickElement,
  fillField,
  hoverElement,
  pressKey,
  selectOption,
  typeInto,
} from "../../../../../extension/browser-tools/page/act/actions";
import { Pointer } from "../../../../../extension/browser-tools/page/act/pointer";
import { useLayout } from "../../../../helpers/dom/layout";

let pointer: Pointer;
let layout: ReturnType<typeof useLayout>;
const $ = <T extends Element>(selector: string) => document.querySelector(selector) as T;

beforeEach(() => {
  // A failure is retried for this long before it is reported; short here, so failing cases stay quick.
  actionWait.ms = 200;
  document.body.innerHTML = `
    <form id="f">
      <label for="user">User name</label><input id="user" value="ada" />
      <label id="remember-label"><input type="checkbox" id="remember" /> Remember me</label>
      <select id="lang" aria-label="Language"><option value="en">English</option><option value="fr">Français</option><option value="de" disabled>Deutsch</option></select>
      <button type="submit" id="go">Sign <b id="in">in</b></button>
      <div role="group" aria-disabled="true"><button type="button" id="later">Later</button></div>
    </form>
    <div id="banner" role="dialog" aria-label="Cookies"><p id="banner-text">We use cookies</p></div>`;
  layout = useLayout(document);
  pointer = new Pointer(window as unknown as Window);
  layout.place($("#user"), { left: 10, top: 10, right: 210, bottom: 40 });
  layout.place($("#remember-label"), { left: 10, top: 50, right: 210, bottom: 70 });
  layout.place($("#remember"), { left: 10, top: 50, right: 30, bottom: 70 });
  layout.place($("#lang"), { left: 10, top: 80, right: 210, bottom: 110 });
  layout.place($("#go"), { left: 10, top: 120, right: 110, bottom: 150 });
  layout.place($("#in"), { left: 50, top: 125, right: 80, bottom: 145 });
  layout.place($("#later"), { left: 10, top: 160, right: 110, bottom: 190 });
});

function record(el: Element, types: string[]): string[] {
  const seen: string[] = [];
  for (const type of types) el.addEventListener(type, (e) => seen.push(`${type}@${(e.target as Element).id}`), true);
  return seen;
}

describe("click", () => {
  it("goes to the innermost element at the centre, with the full sequence, and says where it landed", async () => {
    const seen = record($("#go"), ["pointerdown", "mousedown", "pointerup", "mouseup", "click"]);
    $("#f").addEventListener("submit", (e) => e.preventDefault());
    expect(await clickElement(pointer, $("#go"), "e5")).toBe('Clicked button "Sign in" [e5] (at its b <b>).');
    expect(seen).toEqual(["pointerdown@in", "mousedown@in", "pointerup@in", "mouseup@in", "click@in"]);
    expect(document.activeElement?.id).toBe("go");
  });

  it("fails naming the cover, and its dialog, instead of clicking through it", async () => {
    layout.place($("#banner-text"), { left: 0, top: 100, right: 300, bottom: 200 });
    let clicks = 0;
    $("#go").addEventListener("click", () => clicks++);
    await expect(clickElement(pointer, $("#go"), "e5")).rejects.toThrow(
      'button "Sign in" [e5] is covered by p <p#banner-text> inside dialog "Cookies" <div#banner>, so a user\'s click would land there instead.',
    );
    expect(clicks).toBe(0);
  });

  it("waits for a cover that goes away, and clicks once it has; one that stays is named, with the time waited", async () => {
    layout.place($("#banner-text"), { left: 0, top: 100, right: 300, bottom: 200 });
    let clicks = 0;
    $("#go").addEventListener("click", (e) => {
      e.preventDefault();
      clicks++;
    });
    setTimeout(() => $("#banner").remove(), 100);
    expect(await clickElement(pointer, $("#go"), "e5")).toMatch(/^Clicked button "Sign in" \[e5\]/);
    expect(clicks).toBe(1);
    document.body.insertAdjacentHTML(
      "beforeend",
      '<div id="veil" role="dialog" aria-label="Newsletter"><p id="veil-text">Sign up</p></div>',
    );
    layout.place($("#veil-text"), { left: 0, top: 100, right: 300, bottom: 200 });
    const started = performance.now();
    await expect(clickElement(pointer, $("#go"), "e5")).rejects.toThrow(
      /is covered by p <p#veil-text> inside dialog "Newsletter" .* \(Waited 0\.\d s for that to change\.\)$/,
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(clicks).toBe(1);
  });

  it("waits for a control enabled a moment later, and for a hidden one shown", async () => {
    const later = $<HTMLButtonElement>("#later");
    let clicks = 0;
    later.addEventListener("click", () => clicks++);
    setTimeout(() => later.parentElement?.removeAttribute("aria-disabled"), 60);
    await clickElement(pointer, later, "e6");
    later.hidden = true;
    setTimeout(() => (later.hidden = false), 60);
    await clickElement(pointer, later, "e6");
    expect(clicks).toBe(2);
  });

  it("a label over its checkbox counts as the checkbox; the click toggles it", async () => {
    layout.place($("#remember-label"), { left: 0, top: 45, right: 220, bottom: 75 });
    await clickElement(pointer, $("#remember"), "e2");
    expect($<HTMLInputElement>("#remember").checked).toBe(true);
  });

  it("refuses a control disabled by an aria-disabled group, one with no size, and a hidden one", async () => {
    await expect(clickElement(pointer, $("#later"), "e6")).rejects.toThrow('button "Later" [e6] is disabled.');
    layout.place($("#go"), { left: 10, top: 120, right: 10, bottom: 150 });
    await expect(clickElement(pointer, $("#go"), "e5")).rejects.toThrow(/has no size on the page \(0×30 pixels\)/);
    $("#go").setAttribute("hidden", "");
    await expect(clickElement(pointer, $("#go"), "e5")).rejects.toThrow(/is not visible on the page/);
  });

  it("moving to another element first tells the one before that the mouse left", async () => {
    const seen = record(document.body, ["mouseleave", "mouseenter"]);
    await hoverElement(pointer, $("#user"), "e1");
    await hoverElement(pointer, $("#lang"), "e3");
    expect(seen).toContain("mouseleave@user");
    expect(seen.indexOf("mouseleave@user")).toBeLessThan(seen.indexOf("mouseenter@lang"));
  });
});

describe("type and select_option", () => {
  it("type replaces the content key by key: one input event per character, then change", async () => {
    const seen: string[] = [];
    const input = $<HTMLInputElement>("#user");
    input.addEventListener("input", () => seen.push(input.value));
    input.addEventListener("change", () => seen.push(`change:${input.value}`));
    expect(await typeInto(input, "e1", "bob", false)).toBe('Typed 3 characters into textbox "User name" [e1].');
    expect(seen).toEqual(["", "b", "bo", "bob", "change:bob"]);
  });

  it("a keydown the page cancels keeps that character out, as for a user", async () => {
    const input = $<HTMLInputElement>("#user");
    input.addEventListener("keydown", (e) => {
      if (/\d/.test(e.key)) e.preventDefault();
    });
    await typeInto(input, "e1", "a1b2", false);
    expect(input.value).toBe("ab");
  });

  it("type with submit presses Enter, which clicks the form's default button", async () => {
    const events: string[] = [];
    $("#f").addEventListener("submit", (e) => {
      e.preventDefault();
      events.push("submit");
    });
    $("#go").addEventListener("click", () => events.push("click go"));
    expect(await typeInto($("#user"), "e1", "grace", true)).toMatch(/and pressed Enter and submitted its form\.$/);
    expect(events).toEqual(["click go", "submit"]);
  });

  it("select_option picks by value or label, refuses a disabled option, and lists the options when none matches", async () => {
    const select = $<HTMLSelectElement>("#lang");
    expect(await selectOption(select, "e3", "Français")).toBe('Selected "Français" in combobox "Language" [e3].');
    expect(select.value).toBe("fr");
    await expect(selectOption(select, "e3", "de")).rejects.toThrow('The option "Deutsch" of combobox "Language" [e3] is disabled.');
    await expect(selectOption(select, "e3", "German")).rejects.toThrow(
      'has no option "German". Its options: "English" (value "en"), "Français" (value "fr"), "Deutsch" (value "de").',
    );
    await expect(selectOption($("#user"), "e1", "x")).rejects.toThrow(/is not a <select>/);
  });

  it("refuses what a user could not type into", async () => {
    await expect(typeInto($("#remember"), "e2", "x", false)).rejects.toThrow(/is not a text field \(type=checkbox\)/);
    await expect(typeInto($("#banner-text"), "e9", "x", false)).rejects.toThrow(/does not take text/);
  });
});

describe("fill_form fields and press_key", () => {
  it("a checkbox is clicked only when its state differs", async () => {
    expect(await fillField(pointer, $("#remember"), "e2", true)).toBe('Checked checkbox "Remember me" [e2].');
    expect(await fillField(pointer, $("#remember"), "e2", "yes")).toBe('checkbox "Remember me" [e2] was already checked.');
    await expect(fillField(pointer, $("#remember"), "e2", "maybe")).rejects.toThrow(/give true or false/);
    expect(await fillField(pointer, $("#lang"), "e3", "en")).toMatch(/^Selected "English"/);
    expect(await fillField(pointer, $("#user"), "e1", "Ada")).toMatch(/^Typed 3 characters/);
  });

  it("press_key without a ref goes to the focused element; Tab moves focus on, Shift+Tab back", async () => {
    $<HTMLInputElement>("#user").focus();
    expect(await pressKey(null, undefined, document, "Tab")).toBe(
      'Pressed Tab on textbox "User name". Focus is now on checkbox "Remember me".',
    );
    expect(document.activeElement?.id).toBe("remember");
    await pressKey(null, undefined, document, "Shift+Tab");
    expect(document.activeElement?.id).toBe("user");
  });
});
