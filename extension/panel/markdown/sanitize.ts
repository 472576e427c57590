/**
 * DOMPurify with a strict allow-list, then our own pass over the result: the same allow-list, link
 * policy, task-list checkboxes, and the copy buttons (added after sanitizing, so every button is
 * ours). Markup the renderer built from markdown without raw HTML skips DOMPurify but not our pass.
 */
import createDOMPurify, { type Config, type DOMPurify } from "dompurify";
import { safeLinkHref } from "./urls";

// Exactly what our marked renderer emits. Everything else is dropped (its text kept).
const ALLOWED_TAGS = [
  "p",
  "br",
  "hr",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "strong",
  "em",
  "del",
  "code",
  "pre",
  "blockquote",
  "ul",
  "ol",
  "li",
  "a",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "input",
];
const ALLOWED_ATTR = ["href", "title", "class", "align", "start", "type", "checked", "disabled"];
const ALLOWED_TAG_SET = new Set(ALLOWED_TAGS);
const ALLOWED_ATTR_SET = new Set(ALLOWED_ATTR);
// Disallowed elements are unwrapped (their text kept), except these, whose content isn't prose.
const DROP_WITH_CONTENT = new Set([
  "script",
  "style",
  "template",
  "iframe",
  "object",
  "embed",
  "noscript",
  "noembed",
  "noframes",
  "textarea",
  "select",
  "svg",
  "math",
  "title",
  "xmp",
  "plaintext",
]);

const CONFIG: Config & { RETURN_DOM_FRAGMENT: true } = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // DOMPurify's default URI check stays (it drops javascript:, vbscript:, data: …); the narrower
  // http/https/mailto policy is enforceLinks' job below.
  RETURN_DOM_FRAGMENT: true,
};

const CLASS_TOKEN = /^(?:language-[\w.+#-]+|md-[a-z-]+)$/;

// Own instance: hooks or config someone adds to the shared default can't loosen ours.
let purifier: DOMPurify | undefined;
function getPurifier(): DOMPurify {
  if (!purifier) {
    purifier = createDOMPurify(window);
    // Unsupported, DOMPurify returns its input untouched; refuse rather than render unsanitized.
    if (!purifier.isSupported) throw new Error("DOMPurify is not supported in this environment");
    // Set once: passing the config to every call would parse it again each time (a streaming
    // message sanitizes its tail every frame).
    purifier.setConfig(CONFIG);
  }
  return purifier;
}

function unwrap(el: Element): void {
  el.replaceWith(...el.childNodes);
}

/**
 * The allow-list, applied to every fragment: the renderer's own output (policeRendered) and
 * DOMPurify's. On the latter a no-op where DOMPurify works as designed; it keeps the guarantee even
 * where it doesn't (under happy-dom it skips some siblings of removed nodes), and it costs one pass
 * over a small tree.
 */
function enforceAllowList(root: DocumentFragment): void {
  for (const el of root.querySelectorAll("*")) {
    if (!root.contains(el)) continue; // inside something already dropped
    const tag = el.localName;
    if (!ALLOWED_TAG_SET.has(tag)) {
      if (DROP_WITH_CONTENT.has(tag)) el.remove();
      else unwrap(el);
      continue;
    }
    for (const name of el.getAttributeNames()) if (!ALLOWED_ATTR_SET.has(name)) el.removeAttribute(name);
  }
}

function enforceLinks(root: DocumentFragment): void {
  for (const a of root.querySelectorAll("a")) {
    const href = a.getAttribute("href");
    const safe = href === null ? null : safeLinkHref(href);
    // The link goes, its text stays. A link inside a link is never ours.
    if (!safe || a.parentElement?.closest("a")) {
      unwrap(a);
      continue;
    }
    a.setAttribute("href", safe);
    a.setAttribute("target", "_blank");
    a.setAttribute("rel", "noopener noreferrer");
  }
}

/** The only inputs we emit are task-list checkboxes; they must not be clickable. */
function enforceInputs(root: DocumentFragment): void {
  for (const input of root.querySelectorAll("input")) {
    if (input.getAttribute("type") !== "checkbox") input.remove();
    else input.setAttribute("disabled", "");
  }
}

function enforceClasses(root: DocumentFragment): void {
  for (const el of root.querySelectorAll("[class]")) {
    const kept = [...el.classList].filter((c) => CLASS_TOKEN.test(c));
    if (kept.length) el.setAttribute("class", kept.join(" "));
    else el.removeAttribute("class");
  }
}

/** Wraps each <pre> so the button can sit top-right without scrolling away with the code. */
function addCopyButtons(root: DocumentFragment): void {
  const doc = root.ownerDocument;
  for (const pre of root.querySelectorAll("pre")) {
    const wrapper = doc.createElement("div");
    wrapper.className = "md-code";
    const button = doc.createElement("button");
    button.type = "button";
    button.className = "md-copy";
    button.setAttribute("data-copy", "");
    button.setAttribute("aria-label", "Copy code");
    button.textContent = "Copy";
    pre.replaceWith(wrapper);
    wrapper.append(pre, button);
  }
}

/** The allow-list and link, input and class policy, then our copy buttons. */
function police(fragment: DocumentFragment): DocumentFragment {
  enforceAllowList(fragment);
  enforceLinks(fragment);
  enforceInputs(fragment);
  enforceClasses(fragment);
  addCopyButtons(fragment);
  return fragment;
}

/** Sanitizes marked's HTML into a fragment ready to insert: DOMPurify, then our own pass. */
export function sanitizeToFragment(html: string): DocumentFragment {
  sanitizerStats.purified++;
  // The config set above has RETURN_DOM_FRAGMENT; the overload without one is typed as a string.
  return police(getPurifier().sanitize(html) as unknown as DocumentFragment);
}

/**
 * For HTML our marked renderer built from markdown with no raw HTML token in it (render.ts decides):
 * every tag and attribute in it is one the renderer wrote, and every piece of the agent's text in
 * it was escaped. It is parsed inert (template content: nothing in it loads or runs) and goes
 * through the same allow-list and policy as DOMPurify's output, so the guarantee does not rest on
 * the renderer alone; what it skips is DOMPurify's own document and walk per call, which was the
 * largest part of rendering a streaming message's tail each frame (BENCHMARKS.md).
 */
export function policeRendered(html: string): DocumentFragment {
  const template = document.createElement("template");
  template.innerHTML = html;
  return police(template.content);
}

/** For tests: how many renders went through DOMPurify. */
export const sanitizerStats = { purified: 0 };
