/**
 * The pages the page-tools benchmark runs on: the widget test pages in test/fixtures/pages (tabs, menus,
 * autocomplete, date picker, dialog, custom select, drag list and tree, frames and shadow components) and
 * a long article generated here, shaped like an encyclopedia page: navigation, a table of contents,
 * sections of paragraphs with links in the text, references, a footer.
 */

export const WIDGET_PAGES = [
  "widget-tabs.html",
  "widget-menu.html",
  "widget-combobox.html",
  "widget-datepicker.html",
  "widget-dialog.html",
  "widget-select.html",
  "widget-drag.html",
  "widgets.html",
  "frames.html",
  "names.html",
  "form.html",
] as const;

export const ARTICLE_PAGE = "long-article.html";

const WORDS =
  "ownership borrowing lifetimes memory safety without a garbage collector compile time checks traits generics closures iterators pattern matching enums modules crates cargo testing documentation concurrency threads channels async await futures".split(
    " ",
  );

function sentence(seed: number, length: number): string {
  return Array.from({ length }, (_, i) => WORDS[(seed * 7 + i * 13) % WORDS.length]).join(" ");
}

/** About `bytes` of article (2 MB by default). */
export function longArticle(bytes = 2_000_000): string {
  const nav = Array.from({ length: 20 }, (_, i) => `<a href="/portal/${i}">Portal ${i}</a>`).join(" ");
  const parts: string[] = [];
  let size = 0;
  let section = 0;
  let paragraph = 0;
  const toc: string[] = [];
  while (size < bytes) {
    section++;
    toc.push(`<li><a href="#s${section}">Section ${section}</a></li>`);
    let body = `<h2 id="s${section}">Section ${section}: ${sentence(section, 3)}</h2>`;
    for (let p = 0; p < 12; p++, paragraph++) {
      body += `<p>${sentence(paragraph, 40)} <a href="/wiki/Topic_${paragraph}">topic ${paragraph}</a> ${sentence(paragraph + 1, 50)} <a href="/wiki/Term_${paragraph}">term ${paragraph}</a> ${sentence(paragraph + 2, 40)}.<sup><a href="#ref${paragraph}">[${paragraph}]</a></sup></p>`;
    }
    parts.push(`<section aria-labelledby="s${section}">${body}</section>`);
    size += body.length;
  }
  const refs = Array.from(
    { length: 300 },
    (_, i) => `<li id="ref${i}"><a href="https://example.org/source/${i}">Source ${i}</a></li>`,
  ).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A long article</title></head><body>
<header><nav aria-label="Site">${nav}</nav><form role="search"><input type="search" aria-label="Search the encyclopedia"><button>Search</button></form></header>
<main><article><h1>A long article</h1><nav aria-label="Contents"><ol>${toc.join("")}</ol></nav>${parts.join("\n")}
<h2>References</h2><ol>${refs}</ol></article></main>
<footer><a href="/about">About</a> <a href="/privacy">Privacy</a></footer></body></html>`;
}
