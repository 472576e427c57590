/** Text the tools share: a page's header for the agent, and a short quote for the user's prompt. */

export function pageHeader(page: { title: string; url: string }): string {
  return `Title: ${page.title}\nURL: ${page.url}`;
}

/** `text` on one line, in quotes, cut to `max` characters so a prompt stays readable. */
export function quoteShort(text: string, max = 60): string {
  const t = text.replace(/\s+/g, " ");
  return `"${t.length > max ? `${t.slice(0, max - 1)}…` : t}"`;
}
