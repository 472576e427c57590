/** What the extract-page script (extension/entrypoints/extract-page.ts) returns from the user's tab. */
export interface ExtractedPage {
  title: string;
  url: string;
  markdown: string;
}
