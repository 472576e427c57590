/**
 * Renders text with `backticked` spans as <code> and web addresses as links. Text only, never HTML:
 * host text is untrusted, so only http(s) addresses become links, opened in a new tab.
 */
import type { ComponentChildren } from "preact";

const WEB_ADDRESS = /https?:\/\/[^\s<>"'`()]+/g;

export function InlineCode({ text }: { text: string }) {
  const parts = text.split("`");
  // Unbalanced backticks mark nothing reliably: show the text as it is.
  if (parts.length % 2 === 0) return <>{withLinks(text)}</>;
  return <>{parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : withLinks(part)))}</>;
}

function withLinks(text: string): ComponentChildren {
  const out: ComponentChildren[] = [];
  let at = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    // A sentence's closing punctuation is not part of the address.
    const href = match[0].replace(/[.,;:!?]+$/, "");
    const start = match.index ?? 0;
    if (start > at) out.push(text.slice(at, start));
    out.push(
      <a key={start} href={href} target="_blank" rel="noreferrer">
        {href}
      </a>,
    );
    at = start + href.length;
  }
  if (out.length === 0) return text;
  if (at < text.length) out.push(text.slice(at));
  return out;
}
