/**
 * marked configured for agent output: GFM, raw HTML escaped, links and images filtered.
 * Its own `Marked` instance so nothing else in the panel changes (or is changed by) this setup.
 */
import { Marked, type Tokens } from "marked";
import { decodeEntities, escapeHtml } from "./escape";
import { safeImageSrc, safeLinkHref } from "./urls";

/** Fence info like "ts title=x" keeps only its first word, and only if it looks like a language name. */
function languageClass(lang: string | undefined): string {
  const name = lang?.trim().split(/\s+/)[0] ?? "";
  return /^[\w.+#-]{1,40}$/.test(name) ? ` class="language-${escapeHtml(name.toLowerCase())}"` : "";
}

const titleAttr = (title: string | null | undefined): string => (title ? ` title="${escapeHtml(title)}"` : "");

export function createMarked(): Marked {
  // An image inside link text must not become a second <a> nested in the first.
  let linkDepth = 0;

  return new Marked({
    gfm: true,
    breaks: false,
    renderer: {
      // Raw HTML is shown as the text the agent wrote, never interpreted. Escaping (not dropping)
      // keeps things like "use a <div> here" readable, and nothing of it reaches the DOM as markup.
      html({ text, block }: Tokens.HTML | Tokens.Tag): string {
        return block ? `<p class="md-raw">${escapeHtml(text.trim())}</p>\n` : escapeHtml(text);
      },

      // After an inline <script>/<pre> tag marked passes the following text through unescaped
      // ("escaped: true"); escape it ourselves so that raw text can't open a tag either.
      text(token: Tokens.Text | Tokens.Escape): string | false {
        if ("tokens" in token && token.tokens) return false;
        return "escaped" in token && token.escaped ? escapeHtml(token.text) : false;
      },

      code({ text, lang }: Tokens.Code): string {
        return `<pre><code${languageClass(lang)}>${escapeHtml(text.replace(/\n$/, ""))}</code></pre>\n`;
      },

      link({ href, title, tokens }: Tokens.Link): string {
        let inner: string;
        linkDepth++;
        try {
          inner = this.parser.parseInline(tokens);
        } finally {
          linkDepth--;
        }
        const safe = safeLinkHref(decodeEntities(href));
        if (!safe || linkDepth > 0) return inner;
        return `<a href="${escapeHtml(safe)}"${titleAttr(title)}>${inner}</a>`;
      },

      // Remote images are not loaded: they can track the reader, and page content may have
      // steered the agent into emitting them. Show a link to the image with its alt text instead.
      image({ href, title, text, tokens }: Tokens.Image): string {
        const src = safeImageSrc(decodeEntities(href));
        const alt = tokens ? this.parser.parseInline(tokens, this.parser.textRenderer) : text;
        const label = escapeHtml(alt || "image");
        if (!src || linkDepth > 0) return label;
        return `<a class="md-image" href="${escapeHtml(src)}"${titleAttr(title)}>${label}</a>`;
      },
    },
  });
}
