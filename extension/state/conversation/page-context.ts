/**
 * Things from the browser the user chose to attach to a prompt (a selection, a page, a screenshot),
 * and how they become ACP prompt blocks. Pure. Page content is untrusted: it only ever travels as
 * prompt content, quoted and labelled with where it came from.
 */
import type { ContentBlock, PromptCapabilities } from "../../acp/schema";

export type PageContext =
  | { id: string; kind: "selection"; title: string; url: string; text: string }
  | { id: string; kind: "page"; title: string; url: string; text: string; truncated: boolean; originalChars: number }
  | { id: string; kind: "screenshot"; title: string; url: string; data: string; mimeType: string };

/** Readable page text beyond this many characters is cut (with a note on the chip and in the prompt). */
const MAX_PAGE_CHARS = 100_000;

export function quote(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => (line.length > 0 ? `> ${line}` : ">"))
    .join("\n");
}

function label(c: { title: string; url: string }): string {
  const title = c.title.trim();
  return title && title !== c.url ? `"${title}" (${c.url})` : c.url;
}

/** One context as prompt blocks: an embedded resource where the agent accepts them, else labelled text. */
function contextBlocks(c: PageContext, caps: PromptCapabilities | null | undefined): ContentBlock[] {
  if (c.kind === "screenshot") {
    if (!caps?.image) return [];
    return [
      { type: "text", text: `Screenshot of ${label(c)}:` },
      { type: "image", data: c.data, mimeType: c.mimeType },
    ];
  }
  if (caps?.embeddedContext) {
    const mimeType = c.kind === "page" ? "text/markdown" : "text/plain";
    const note = c.kind === "page" && c.truncated ? [{ type: "text" as const, text: truncationNote(c) }] : [];
    // The resource's uri names the page; goose shows it to the model as `--- Resource: <uri> ---`.
    return [{ type: "resource", resource: { uri: c.url, mimeType, text: c.text } }, ...note];
  }
  if (c.kind === "selection") return [{ type: "text", text: `Selected text from ${label(c)}:\n\n${quote(c.text)}` }];
  const note = c.truncated ? `\n\n(${truncationNote(c)})` : "";
  return [{ type: "text", text: `The page ${label(c)} as Markdown:\n\n${quote(c.text)}${note}` }];
}

function truncationNote(c: { originalChars: number; text: string }): string {
  const shown = c.text.length.toLocaleString("en");
  return `Only the first ${shown} of ${c.originalChars.toLocaleString("en")} characters of the page are included.`;
}

/** The whole prompt: attached contexts first (each labelled), then what the user typed. */
export function buildPrompt(
  userText: string,
  contexts: readonly PageContext[],
  caps: PromptCapabilities | null | undefined,
): ContentBlock[] {
  const blocks = contexts.flatMap((c) => contextBlocks(c, caps));
  if (userText.trim().length > 0) blocks.push({ type: "text", text: userText });
  return blocks;
}

/** Cuts readable text to the cap at a line boundary when one is near. */
export function capText(text: string, max = MAX_PAGE_CHARS): { text: string; truncated: boolean; originalChars: number } {
  if (text.length <= max) return { text, truncated: false, originalChars: text.length };
  const cut = text.lastIndexOf("\n", max);
  return { text: text.slice(0, cut > max * 0.9 ? cut : max), truncated: true, originalChars: text.length };
}
