/** The empty session's suggestions for the page the user is on (extension/panel/transcript/empty-suggestions.ts). */
import { describe, expect, it } from "vitest";
import { pageName, suggestionsFor, unreadableReason } from "../../../../extension/panel/transcript/empty-suggestions";

describe("suggestionsFor", () => {
  it("offers summarise, the selection and what the agent can do here, naming the page", () => {
    const s = suggestionsFor({ title: "Ownership in Rust — notes", url: "https://blog.example/rust" });
    expect(s.map((x) => x.id)).toEqual(["summarise", "selection", "abilities"]);
    expect(s[0]).toMatchObject({ label: "Summarise “Ownership in Rust — notes”", attach: "page", send: true });
    expect(s[1]).toMatchObject({ attach: "selection", send: false });
    expect(s[2]).toMatchObject({ attach: "page", send: true });
  });

  it("says 'this page' when the browser does not tell the panel which page it is", () => {
    expect(suggestionsFor(null)[0]!.label).toBe("Summarise this page");
    expect(suggestionsFor({ title: "", url: "" })[0]!.label).toBe("Summarise this page");
  });

  it("offers none for a page no extension may read, and says why", () => {
    for (const url of ["chrome://extensions/", "https://chromewebstore.google.com/detail/x", "about:addons"]) {
      expect(suggestionsFor({ title: "x", url })).toEqual([]);
      expect(unreadableReason({ title: "x", url })).toMatch(/does not let extensions read/);
    }
    expect(unreadableReason({ title: "x", url: "https://example.com" })).toBeNull();
  });

  it("names a page by its title, cut, else its site", () => {
    expect(pageName({ title: "", url: "https://www.example.com/a" })).toBe("example.com");
    expect(pageName({ title: "x".repeat(60), url: "https://e.com" })).toHaveLength(48);
  });
});
