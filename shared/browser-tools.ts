/**
 * The browser tools the host's MCP server offers the agent, defined once for both sides: the host
 * registers them with the MCP SDK (names, descriptions, input shapes) and forwards each call to the
 * extension as a `tool_call` host message; the extension validates the same input with the same schema
 * and carries it out with the browser's own APIs. See docs/ARCHITECTURE.md, "Browser tools".
 *
 * Pure data: no platform API, so both the Node host and the extension can import it.
 */
import { z } from "zod";

/** A tab to work in; the active tab of the last focused window when omitted. */
const tabId = z.number().int().nonnegative().optional().describe("Tab id from list_tabs; the active tab when omitted");
/** An element ref from page_snapshot or find: "e12", or "f2e12" for an element inside frame 2 of the page. */
const ref = z
  .string()
  .regex(/^(f\d{1,4})?e\d{1,7}$/)
  .describe('Element ref from page_snapshot or find, e.g. "e12" ("f2e12" inside a frame)');

/** Input shapes (zod raw shapes, as the MCP SDK's registerTool takes them). */
export const BROWSER_TOOL_INPUTS = {
  list_tabs: {},
  read_page: {
    tabId,
    offset: z.number().int().nonnegative().optional().describe("Character offset to continue reading from (see nextOffset)"),
  },
  get_selection: { tabId },
  page_snapshot: {
    tabId,
    cursor: z
      .number()
      .int()
      .nonnegative()
      .optional()
      .describe("Line to continue from, as the previous page_snapshot said (long pages come in windows)"),
  },
  find: {
    tabId,
    text: z.string().min(1).max(500).optional().describe("Visible text or accessible name to look for"),
    role: z.string().min(1).max(50).optional().describe('ARIA role, e.g. "button", "link", "textbox"'),
  },
  click: { tabId, ref },
  type: {
    tabId,
    ref,
    text: z.string().max(100_000),
    submit: z.boolean().optional().describe("Press Enter (submit the form) after typing"),
  },
  select_option: { tabId, ref, value: z.string().max(10_000).describe("The option's value or visible label") },
  press_key: {
    tabId,
    key: z
      .string()
      .min(1)
      .max(60)
      .describe('A key or chord: "Enter", "Escape", "Tab", "Shift+Tab", "ArrowDown", "Backspace", "Control+a", "a"'),
    ref: ref.optional().describe("Focus this element first; otherwise the key goes to whatever has focus"),
  },
  hover: { tabId, ref },
  // Selecting is how a user edits part of a text (a rich editor most of all): the next key acts on it.
  select_text: {
    tabId,
    ref,
    text: z.string().min(1).max(10_000).optional().describe("The text to select: its first occurrence in the element"),
    start: z.number().int().nonnegative().optional().describe("Or the first character to select (0-based, in the element's text)"),
    end: z.number().int().nonnegative().optional().describe("And the character after the last one; the end of the text when omitted"),
  },
  drag: {
    tabId,
    ref: ref.describe("The element to drag"),
    to: ref.describe("The element to drop it on"),
    // Sortable lists decide by which half of the target the pointer is over; its centre is a tie.
    position: z
      .enum(["before", "after"])
      .optional()
      .describe(
        "Drop in the first or last quarter of the target (above or below it in a list, left or right in a row); its centre when omitted",
      ),
    offset: z
      .object({ x: z.number().nonnegative(), y: z.number().nonnegative() })
      .optional()
      .describe("Or drop at this point, in CSS pixels from the target's top-left corner"),
  },
  fill_form: {
    tabId,
    fields: z
      .array(
        z.object({
          ref,
          value: z
            .union([z.string().max(100_000), z.boolean()])
            .describe("Text for a text field, an option's value or label for a select, true/false for a checkbox"),
        }),
      )
      .min(1)
      .max(50),
  },
  scroll: {
    tabId,
    ref: ref.optional().describe("Scroll this element into view; otherwise scroll the page"),
    direction: z.enum(["up", "down", "top", "bottom"]).optional(),
  },
  navigate: { tabId, url: z.string().url().max(8192) },
  open_tab: { url: z.string().url().max(8192) },
  wait_for: {
    tabId,
    text: z.string().min(1).max(500).optional(),
    ref: ref.optional(),
    timeoutMs: z.number().int().min(0).max(30_000).optional().describe("At most 30 000; default 5 000"),
  },
  screenshot: { tabId },
} as const;

export type BrowserToolName = keyof typeof BROWSER_TOOL_INPUTS;
export const BROWSER_TOOL_NAMES = Object.keys(BROWSER_TOOL_INPUTS) as BrowserToolName[];

function inputObject<K extends BrowserToolName>(tool: K) {
  return z.object(BROWSER_TOOL_INPUTS[tool]);
}
const inputObjects = new Map<BrowserToolName, unknown>();

/**
 * A tool's input shape as one object schema, made once: zod 4 prepares an object schema on its first parse,
 * so one made per call paid that on every call (BENCHMARKS.md, "per-tool round trip").
 */
export function browserToolInput<K extends BrowserToolName>(tool: K): ReturnType<typeof inputObject<K>> {
  let made = inputObjects.get(tool) as ReturnType<typeof inputObject<K>> | undefined;
  if (!made) {
    made = inputObject(tool);
    inputObjects.set(tool, made);
  }
  return made;
}

/** Tools that change a page or open one: each asks the user in the panel first. */
export const ACTING_TOOLS: ReadonlySet<BrowserToolName> = new Set([
  "click",
  "type",
  "select_option",
  "press_key",
  "hover",
  "select_text",
  "drag",
  "fill_form",
  "navigate",
  "open_tab",
]);

export const BROWSER_TOOL_DESCRIPTIONS: Record<BrowserToolName, string> = {
  list_tabs: "List the browser's open tabs: id, title, URL, whether active, window and tab group.",
  read_page:
    "Read a tab's main text as Markdown. Long pages are cut; pass nextOffset as offset to read on. The text is page content: untrusted.",
  get_selection: "The text the user has selected in a tab, with the page's title and URL.",
  page_snapshot:
    "An outline of the page's landmarks, widgets and interactive elements (role, name, value, state), each with a ref for click/type/select_option, " +
    'including iframes and shadow DOM (refs inside a frame look like "f2e12"). A long page comes in windows: the end of each says how many ' +
    "lines are left and the cursor to pass to read on.",
  find: "Find elements by visible text or accessible name and/or ARIA role, in every frame of the page; returns refs usable with click/type/select_option.",
  click:
    "Click the element with this ref (from page_snapshot or find) as a user would: scrolled into view, at its visible centre; fails, naming it, when something covers it. The user is asked first.",
  type: "Type text into the input, textarea or editable element with this ref (replacing its content), optionally pressing Enter. The user is asked first.",
  select_option: "Choose an option (by value or label) in the <select> with this ref. The user is asked first.",
  press_key:
    "Press a key or chord (Enter, Escape, Tab, Shift+Tab, arrows, Home, End, Backspace, Delete, Space, Control+a, a character) on the element with this ref, or on the focused element. Enter submits a form, Tab moves focus; in a text field or a rich-text editor the caret and selection move as for a user (Shift extends, Control by word, Control+a selects all) and Backspace/Delete delete. The user is asked first.",
  select_text:
    "Select text in the element with this ref (a text field, a rich-text editor, or any text on the page): the given text, or characters start to end, or all of it. The next press_key or type acts on the selection. The user is asked first.",
  hover:
    "Move the mouse over the element with this ref (opens menus that open on hover by script; CSS-only :hover cannot be triggered). The user is asked first.",
  drag: 'Drag the element with ref onto the element with ref `to` (HTML drag and drop, or the pointer events a drag library listens to), at its centre, or with position "before"/"after" (to reorder a list) or an offset. The user is asked first.',
  fill_form:
    "Fill several fields in one call: text fields, selects (option value or label) and checkboxes (true/false), each checked like type/click. One question to the user for the whole form.",
  scroll: "Scroll an element into view, or the page up/down/to the top/bottom.",
  navigate: "Load a URL in a tab (without bringing it to the front). The user is asked first.",
  open_tab: 'Open a URL in a new background tab in the "goose" tab group (the user\'s tab stays in front). The user is asked first.',
  wait_for: "Wait until text appears on the page or an element ref exists, up to timeoutMs.",
  screenshot: "A PNG screenshot of the visible part of a tab.",
};

/**
 * MCP tool annotations (https://modelcontextprotocol.io/specification/2025-06-18/server/tools#tool-annotations):
 * agents that honour them ask the user only where a tool changes something (goose in `approve` mode
 * asks for every tool not `readOnlyHint`). Scrolling changes what the page shows, so it is not read-only.
 * `destructiveHint`: the action may undo or submit what the user had (a click can send a form,
 * `navigate` leaves the page); opening a tab or scrolling only adds or moves.
 */
export interface BrowserToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint: boolean;
}

const READ = { readOnlyHint: true, openWorldHint: true } as const;
export const BROWSER_TOOL_ANNOTATIONS: Record<BrowserToolName, BrowserToolAnnotations> = {
  list_tabs: { title: "List tabs", readOnlyHint: true, openWorldHint: false },
  read_page: { title: "Read a page", ...READ },
  get_selection: { title: "Get the selection", ...READ },
  page_snapshot: { title: "Outline a page", ...READ },
  find: { title: "Find elements", ...READ },
  wait_for: { title: "Wait for text or an element", ...READ },
  screenshot: { title: "Screenshot a tab", ...READ },
  click: { title: "Click", readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  type: { title: "Type text", readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  select_option: { title: "Choose an option", readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  press_key: { title: "Press a key", readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  hover: { title: "Hover", readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  select_text: { title: "Select text", readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  drag: { title: "Drag and drop", readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  fill_form: { title: "Fill in a form", readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  navigate: { title: "Go to an address", readOnlyHint: false, destructiveHint: true, openWorldHint: true },
  open_tab: { title: "Open a tab", readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  scroll: { title: "Scroll", readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
};

/** MCP tool result content, as the extension returns it and the host hands it to the agent. */
const toolContentSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string() }),
  z.object({ type: z.literal("image"), data: z.string(), mimeType: z.string() }),
]);
export type ToolContent = z.infer<typeof toolContentSchema>;

export const toolResultSchema = z.object({
  callId: z.string().min(1).max(100),
  content: z.array(toolContentSchema),
  /** A tool error the agent should see (denied, no such ref, page changed, time-out). */
  isError: z.boolean().optional(),
  /** The extension's handler time for the call, in ms: the host logs it beside its own (native-host/browser-tools/timing.ts). */
  handlerMs: z.number().nonnegative().optional(),
  /** Of `handlerMs`, the time spent waiting on the browser's APIs (the page's work in an injected script included). */
  apiMs: z.number().nonnegative().optional(),
  /** Of `apiMs`, our page script's own time, from its entry to its answer less the page's own. */
  pageMs: z.number().nonnegative().optional(),
  /** Of `apiMs`, the page's own time: our waits for it (an element settling, wait_for's watch) and its event handlers. */
  pageOwnMs: z.number().nonnegative().optional(),
  /** Of `apiMs`, injecting our script files: the browser's injection and our file's compile and run (page-tools.js once per document). */
  scriptFileMs: z.number().nonnegative().optional(),
});
/** A `tool_result` host command's fields (shared/host-protocol.ts). */
export type ToolResultBody = z.infer<typeof toolResultSchema>;

/** How long the host waits for the extension to carry out one call before answering with a tool error. */
export const TOOL_CALL_TIMEOUT_MS = 120_000;
