import { describe, expect, it } from "vitest";
import { rememberedHostAccess } from "../../../../extension/browser-tools/host-access-cache";

function browserLike(granted: Set<string>) {
  const asked: string[] = [];
  let removed: (() => void) | undefined;
  const access = rememberedHostAccess(
    async (p) => {
      asked.push(p);
      return granted.has(p);
    },
    (forget) => {
      removed = forget;
    },
  );
  return { access, asked, remove: () => removed?.() };
}

describe("remembered host access", () => {
  it("asks the browser once per granted origin, every time for one not granted", async () => {
    const granted = new Set(["https://a.example/*"]);
    const b = browserLike(granted);
    expect(await b.access("https://a.example/*")).toBe(true);
    expect(await b.access("https://a.example/*")).toBe(true);
    expect(await b.access("https://b.example/*")).toBe(false);
    granted.add("https://b.example/*");
    expect(await b.access("https://b.example/*")).toBe(true);
    expect(b.asked).toEqual(["https://a.example/*", "https://b.example/*", "https://b.example/*"]);
  });

  it("forgets every yes when the user removes a permission", async () => {
    const granted = new Set(["https://a.example/*"]);
    const b = browserLike(granted);
    expect(await b.access("https://a.example/*")).toBe(true);
    granted.clear();
    b.remove();
    expect(await b.access("https://a.example/*")).toBe(false);
  });

  it("does not keep a yes the browser gave while a removal happened", async () => {
    const granted = new Set(["https://a.example/*"]);
    const b = browserLike(granted);
    const pending = b.access("https://a.example/*");
    b.remove();
    expect(await pending).toBe(true);
    granted.clear();
    expect(await b.access("https://a.example/*")).toBe(false);
  });
});
