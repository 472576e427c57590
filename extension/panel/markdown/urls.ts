/** Which URLs agent output may link to. Agent text can be steered by page content, so the list is short. */

const LINK_SCHEMES = new Set(["http:", "https:", "mailto:"]);
const IMAGE_SCHEMES = new Set(["http:", "https:"]);

/**
 * The normalized URL if it is absolute and its scheme is allowed, else null.
 * Parsing with `URL` (no base) matches what the browser does with the attribute: it strips
 * leading spaces and control characters and removes tabs and newlines, so " java\tscript:"
 * is seen as `javascript:`, and relative or extension URLs have nothing to resolve against.
 */
function allowed(raw: string, schemes: Set<string>): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  return schemes.has(url.protocol) ? url.href : null;
}

export const safeLinkHref = (raw: string): string | null => allowed(raw, LINK_SCHEMES);
export const safeImageSrc = (raw: string): string | null => allowed(raw, IMAGE_SCHEMES);
