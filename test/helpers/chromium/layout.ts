/**
 * What a look at the panel would catch at a given width, measured in the page: a control cut at the
 * panel's edge, a page that scrolls sideways, a header that wraps or squeezes the title, a row of
 * buttons that wraps leaving one button alone on its line (a select or a group of buttons on a line
 * of its own is a layout, not a stray), two controls of one name in one view (which "New session"
 * would a screen reader's list of buttons mean?), a focus ring drawn on something that is not the
 * focused control (a card), a card squeezed shorter than what it holds, two filled buttons in one place
 * (a card, a section, a form, the header, the composer's row), and, when asked, a conversation squeezed
 * under a share of the height.
 * Each problem is a sentence naming the control, so a failing tour says what to fix.
 */
import type { Page } from "playwright-core";

export interface LayoutRules {
  /** Also report a wrapped row of buttons that leaves one alone on a line (the narrowest width). */
  lonelyButtons: boolean;
  /** Also report a conversation (role log) shorter than this share of the panel's height. */
  transcriptShare?: number;
}

export async function layoutProblems(page: Page, rules: LayoutRules): Promise<string[]> {
  // Two frames: the layout after a resize has settled and been painted.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate(({ lonelyButtons, transcriptShare }) => {
    const CONTROLS = 'button, input, select, textarea, a[href], summary, [role="tab"], [role="menuitem"], [role="option"]';
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && style.visibility !== "hidden";
    };
    const name = (el: Element) =>
      (el.getAttribute("aria-label") || (el as HTMLElement).innerText || el.getAttribute("title") || el.tagName).trim().slice(0, 40);
    const where = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? `.${el.className.split(" ")[0]}` : ""}`;

    // A control in a row that scrolls sideways (the session tabs) is out of view inside it, not cut by the panel.
    const scrolledAway = (el: Element) => {
      for (let a = el.parentElement; a; a = a.parentElement) {
        if (!["auto", "scroll"].includes(getComputedStyle(a).overflowX)) continue;
        const box = a.getBoundingClientRect();
        return box.left >= -0.5 && box.right <= width + 0.5;
      }
      return false;
    };
    for (const el of document.querySelectorAll(CONTROLS)) {
      if (!shown(el) || scrolledAway(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.left < -0.5 || r.right > width + 0.5) {
        problems.push(
          `"${name(el)}" (${where(el)}) crosses the panel's edge: ${Math.round(r.left)}..${Math.round(r.right)} of ${width} px`,
        );
      }
    }
    if (document.documentElement.scrollWidth > width) {
      // Name the innermost element that runs past the edge: that is the one to make wrap or shrink.
      const wide = [...document.body.querySelectorAll("*")].filter(
        (el) =>
          shown(el) &&
          el.getBoundingClientRect().right > width + 0.5 &&
          ![...el.children].some((c) => shown(c) && c.getBoundingClientRect().right > width + 0.5),
      );
      const culprits = wide
        .slice(0, 3)
        .map((el) => `${where(el)} "${name(el)}"`)
        .join(", ");
      problems.push(
        `the page scrolls sideways: ${document.documentElement.scrollWidth} px wide in ${width} px${culprits ? `, past the edge: ${culprits}` : ""}`,
      );
    }

    const header = document.querySelector(".panel__header");
    // The title's room: the h1, or the session tabs that stand for it (the h1 is then for screen readers only).
    const title = [...document.querySelectorAll(".panel__title, .panel__header .session-tabs")].find(
      (el) => shown(el) && getComputedStyle(el).position !== "absolute",
    );
    if (header && title && shown(header)) {
      const h = header.getBoundingClientRect();
      const t = title.getBoundingClientRect();
      // One row: every item in the flow overlaps every other vertically.
      const boxes = [...header.children]
        .filter((c) => shown(c) && getComputedStyle(c).position !== "absolute")
        .map((c) => c.getBoundingClientRect());
      if (Math.max(...boxes.map((b) => b.top)) >= Math.min(...boxes.map((b) => b.bottom))) {
        problems.push(`the header wraps: ${Math.round(h.height)} px high`);
      }
      if (t.width < h.width * 0.4) problems.push(`the title gets ${Math.round(t.width)} of the header's ${Math.round(h.width)} px`);
    }

    // One name, one control: each control's name (and its tooltip) is unique among the controls of its
    // item (a message with its actions, a card, a list item, a session tab), and a control outside every item among all others outside.
    const ITEM = "li, article, fieldset, .message, .user-turn, .session-tab";
    const seen = new Map<string, Element>();
    for (const el of document.querySelectorAll(CONTROLS)) {
      if (!shown(el) || el.closest('[role="listbox"], [role="menu"]')) continue;
      const item = el.parentElement?.closest(ITEM) ?? null;
      const scope = item ? [...document.querySelectorAll(ITEM)].indexOf(item) : -1;
      const accessible = (el.getAttribute("aria-label") || (el as HTMLElement).innerText || "").trim();
      for (const [kind, value] of [
        ["name", accessible],
        // An icon or a symbol ("+") is named, to the eye, by its tooltip.
        ["tooltip", /\p{L}\p{L}/u.test((el as HTMLElement).innerText) ? "" : (el.getAttribute("title")?.trim() ?? "")],
      ] as const) {
        if (!value) continue;
        const key = `${scope}\u0000${kind}\u0000${value}`;
        const first = seen.get(key);
        if (first) problems.push(`two controls with the ${kind} "${value.slice(0, 40)}": ${where(first)} and ${where(el)}`);
        else seen.set(key, el);
      }
    }

    // A card is whole: squeezed shorter than what it holds, it cuts its last lines (or hides them behind a
    // scrollbar a glance does not see).
    for (const card of document.querySelectorAll('.status, .notice--card, article, fieldset, [role="alert"]')) {
      if (!shown(card)) continue;
      if (card.scrollHeight > card.clientHeight + 1) {
        problems.push(`${where(card)} is cut: ${card.scrollHeight} px of content in ${card.clientHeight} px`);
      }
    }

    // A ring belongs on the focused control only: an outline on a card, or on a control without focus, is a stray.
    for (const el of document.querySelectorAll("body *")) {
      const style = getComputedStyle(el);
      if (style.outlineStyle === "none" || Number.parseFloat(style.outlineWidth) === 0 || !shown(el)) continue;
      if (/rgba\(.*, 0\)$|transparent/.test(style.outlineColor)) continue;
      if (!el.matches(CONTROLS)) problems.push(`a focus ring is drawn around ${where(el)}, which is not a control`);
      else if (el !== document.activeElement)
        problems.push(`a focus ring is drawn around "${name(el)}" (${where(el)}), which has no focus`);
    }

    // One filled button per place (docs/DESIGN.md, "Buttons"): a button whose ground stands out from the
    // surface under it (the accent, Stop's red) is the place's one main action; a second one competes with it.
    // A place is the nearest card, section (a folded one too), form, group or list item, the header, or the
    // composer's row.
    const PLACE =
      'header, section, details, article, fieldset, form, li, [role="group"], [role="dialog"], [role="alert"], [role="status"], .status, .notice--card, .composer__bar';
    const rgba = (c: string) => {
      const n = c.match(/[\d.]+/g)?.map(Number) ?? [];
      return { rgb: n.slice(0, 3), a: n.length > 3 ? n[3]! : 1 };
    };
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const surface = (el: Element) => {
      for (let a = el.parentElement; a; a = a.parentElement) {
        const bg = rgba(getComputedStyle(a).backgroundColor);
        if (bg.a >= 0.9) return bg.rgb;
      }
      return [255, 255, 255];
    };
    const filledIn = new Map<Element | null, Element[]>();
    for (const el of document.querySelectorAll('button:not([role]), input[type="submit"], a[href].button')) {
      // checkVisibility: not inside a folded <details> either (its content keeps its boxes in Chromium).
      if (!shown(el) || !el.checkVisibility({ contentVisibilityAuto: true })) continue;
      const bg = rgba(getComputedStyle(el).backgroundColor);
      if (bg.a < 0.9) continue;
      const [l1, l2] = [luminance(bg.rgb), luminance(surface(el))];
      if ((Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05) < 2) continue;
      const place = el.parentElement?.closest(PLACE) ?? null;
      filledIn.set(place, [...(filledIn.get(place) ?? []), el]);
    }
    for (const [place, filled] of filledIn) {
      if (filled.length < 2) continue;
      problems.push(
        `${filled.length} filled buttons in ${place ? where(place) : "the page"}: ${filled.map((el) => `"${name(el)}"`).join(", ")}; one is the place's main action, the others are secondary`,
      );
    }

    if (transcriptShare) {
      const log = document.querySelector('[role="log"]');
      const height = document.documentElement.clientHeight;
      const got = log && shown(log) ? log.getBoundingClientRect().height : 0;
      if (got < height * transcriptShare) {
        problems.push(`the conversation gets ${Math.round(got)} of ${height} px, under ${Math.round(transcriptShare * 100)} %`);
      }
    }

    if (lonelyButtons) {
      // A wrapping flex row: its items grouped into lines by their vertical extent.
      for (const row of document.querySelectorAll("*")) {
        const style = getComputedStyle(row);
        if (!style.display.endsWith("flex") || !style.flexDirection.startsWith("row") || style.flexWrap === "nowrap") continue;
        const items = [...row.children].filter((c) => shown(c) && !["absolute", "fixed"].includes(getComputedStyle(c).position));
        const isControl = (c: Element) => c.matches(CONTROLS) || !!c.querySelector(CONTROLS);
        if (items.filter(isControl).length < 2) continue;
        const lines: Element[][] = [];
        let bottom = Number.NEGATIVE_INFINITY;
        for (const item of [...items].sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)) {
          const r = item.getBoundingClientRect();
          if (r.top >= bottom - 1) {
            lines.push([item]);
            bottom = r.bottom;
          } else {
            lines.at(-1)!.push(item);
            bottom = Math.max(bottom, r.bottom);
          }
        }
        if (lines.length < 2) continue;
        // Alone: the line's one item is a button, or holds just one control and that is a button.
        const loneButton = (item: Element) => {
          const inside = item.matches(CONTROLS) ? [item] : [...item.querySelectorAll(CONTROLS)].filter(shown);
          return inside.length === 1 && inside[0]!.matches('button, [role="button"], [role="tab"], a[href]');
        };
        for (const line of lines) {
          if (line.length === 1 && loneButton(line[0]!)) {
            problems.push(`"${name(line[0]!)}" wraps alone onto a line of its own in ${where(row)}`);
          }
        }
      }
    }
    return problems;
  }, rules);
}
