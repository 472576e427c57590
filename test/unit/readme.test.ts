/**
 * The README leads with the user (issue #35): a screenshot of the panel, then its first section, the two
 * install steps and what a user needs, with no developer's command in it; the Node versions for building
 * are said apart.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const README = fs.readFileSync(path.join(__dirname, "../../README.md"), "utf8");

/** The text of the `## ` section with this heading, up to the next one. */
function section(heading: string): string {
  const start = README.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`README.md has no "## ${heading}" section`);
  const next = README.indexOf("\n## ", start + 1);
  return README.slice(start, next < 0 ? undefined : next);
}

describe("README", () => {
  it("opens with a screenshot of the panel, a small PNG that exists, before the install", () => {
    const image = /<img src="([^"]+)" width="\d+" alt="[^"]{20,}">/.exec(README);
    expect(image, "an <img> with a width and words for screen readers").not.toBeNull();
    expect(image!.index).toBeLessThan(README.indexOf("\n## Install\n"));
    const file = path.join(__dirname, "../..", image![1]!);
    expect(fs.existsSync(file), `${image![1]} is missing`).toBe(true);
    // A PNG (its signature), small enough for the README to load fast (test/e2e-goose/readme-shot.test.ts makes it).
    expect(fs.readFileSync(file).subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(fs.statSync(file).size).toBeLessThan(150_000);
  });

  it("leads with the user's install, which holds no developer's command", () => {
    expect(/\n## (.+)\n/.exec(README)?.[1]).toBe("Install");
    const install = section("Install");
    expect(install).toMatch(/^1\. \*\*Add the extension\*\*/m);
    expect(install).toMatch(/^2\. \*\*Install its local helper\*\*/m);
    expect(install).toContain("npx -y goose-browser@latest install");
    for (const developerWords of ["npm run", "npm ci", "checkout", "npm start", "npm test"]) expect(install).not.toContain(developerWords);
    expect(install).toMatch(/Node\.js 20 or newer/);
  });

  it("says the Node versions for building apart from the user's", () => {
    expect(section("Requirements for developing")).toMatch(/Node\.js 22 LTS\*\* \(or 20\.19\+\) to build and test/);
  });
});
