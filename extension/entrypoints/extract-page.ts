/**
 * Injected into the user's tab (only when they press "Attach page") to read it: Readability picks
 * the article, turndown turns it into Markdown. Runs on a clone, so the page is not changed, and
 * returns plain data; nothing from the page runs in the extension.
 */
import { Readability } from "@mozilla/readability";
import TurndownService from "turndown";
import type { ExtractedPage } from "../context/extracted-page";

export default defineUnlistedScript((): ExtractedPage => {
  const article = new Readability(document.cloneNode(true) as Document).parse();
  const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" });
  turndown.remove(["script", "style", "noscript", "iframe"]);
  const html = article?.content ?? document.body?.innerHTML ?? "";
  const markdown = turndown.turndown(html).trim() || (document.body?.innerText ?? "").trim();
  return { title: article?.title || document.title, url: location.href, markdown };
});
