/** The site as the user knows it (as the consent prompts name it): the host name, "local files", or the URL itself. */
export function siteOfUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.protocol === "file:") return "local files";
    return u.hostname || url;
  } catch {
    return url;
  }
}
