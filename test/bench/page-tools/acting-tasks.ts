/**
 * The page-tools bench's tasks for what acting still got wrong against Playwright on the same element (issue
 * #34, 1–7), each done the way an agent would, with no wait or retry of its own: a click the moment a cover
 * starts going away, a button below a scrolling list's fold, an exact find, Space, editing rich text, a drop
 * after an item, icon-only controls.
 */
import { data, ref, type Task } from "./task-kit";

export const ACTING_TASKS: Task[] = [
  {
    widget: "1. save under a date picker fading out",
    page: "act-waits.html",
    async run(t, tabId) {
      const snap = await t.tool("page_snapshot", { tabId });
      await t.tool("click", { tabId, ref: ref(snap, /button "June 12"/) });
      await t.tool("click", { tabId, ref: ref(snap, /button "Save booking"/) });
    },
    done: async (page) => (await data(page, "saved")) === "2026-06-12",
  },
  {
    widget: "1. a choice in an accordion sliding open",
    page: "act-waits.html",
    async run(t, tabId) {
      const snap = await t.tool("page_snapshot", { tabId });
      await t.tool("click", { tabId, ref: ref(snap, /button "Shipping options"/) });
      await t.tool("click", { tabId, ref: ref(snap, /button "Express shipping"/) });
    },
    done: async (page) => (await data(page, "shipping")) === "express",
  },
  {
    widget: "2. button below a scrolling list's fold",
    page: "act-scroll-box.html",
    async run(t, tabId) {
      await t.tool("click", { tabId, ref: ref(await t.tool("page_snapshot", { tabId }), /button "Load more"/) });
    },
    done: async (page) => (await data(page, "more")) === "clicked",
  },
  {
    widget: '3. find the exact text "s" beside "Submit"',
    page: "act-icons.html",
    async run(t, tabId) {
      await t.tool("click", { tabId, ref: ref(await t.tool("find", { tabId, text: "s" }), /\[e\d+\]/) });
    },
    done: async (page) => (await data(page, "clicked")) === "s-label",
  },
  {
    widget: '4. press_key " " on a switch',
    page: "act-editor.html",
    async run(t, tabId) {
      await t.tool("press_key", { tabId, ref: ref(await t.tool("page_snapshot", { tabId }), /switch "Wi-Fi"/), key: " " });
    },
    done: async (page) => (await data(page, "wifi")) === "true",
  },
  {
    widget: "5. replace a word in a model editor",
    page: "act-editor.html",
    async run(t, tabId) {
      const message = ref(await t.tool("page_snapshot", { tabId }), /textbox "Message"/);
      await t.tool("select_text", { tabId, ref: message, text: "world" });
      await t.tool("press_key", { tabId, key: "Backspace" });
      for (const key of ["S", "a", "m"]) await t.tool("press_key", { tabId, key });
    },
    done: async (page) => (await data(page, "model")) === "Hello Sam",
  },
  {
    widget: "6. move a task one down a sortable list",
    page: "act-sortable.html",
    async run(t, tabId) {
      const write = ref(await t.tool("find", { tabId, text: "Write report" }), /Write report/);
      const call = ref(await t.tool("find", { tabId, text: "Call Sam" }), /Call Sam/);
      await t.tool("drag", { tabId, ref: write, to: call, position: "after" });
    },
    done: async (page) => (await data(page, "order")) === "Call Sam,Write report,Book flights",
  },
  {
    widget: "7. icon-only button and an unnamed swatch",
    page: "act-icons.html",
    async run(t, tabId) {
      const snap = await t.tool("page_snapshot", { tabId });
      await t.tool("click", { tabId, ref: ref(snap, /button "Share"/) });
      await t.tool("click", { tabId, ref: ref(snap, /^\s*- generic \[e\d+\]$/) });
    },
    done: async (page) => (await data(page, "clicked")) === "share" && (await data(page, "colour")) === "blue",
  },
];
