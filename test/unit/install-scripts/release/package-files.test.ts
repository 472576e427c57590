/** The npm package's own files: what `npm run release:package` writes beside the bundles. */
import { describe, expect, it } from "vitest";
import { PACKAGE_NAME, packageFiles } from "../../../../install-scripts/release/package-files";
import { CHROMIUM_EXTENSION_IDS, chromeOrigin, GECKO_ADDON_ID } from "../../../../shared/extension-ids";

describe("packageFiles", () => {
  const files = packageFiles("1.2.3");
  const pkg = JSON.parse(files["package.json"]) as Record<string, unknown>;

  it("a package.json with one bin, the given version, and nothing npm would run or fetch", () => {
    expect(pkg).toEqual({
      name: PACKAGE_NAME,
      version: "1.2.3",
      description: expect.any(String),
      license: "Apache-2.0",
      bin: { "goose-browser": "dist/cli.cjs" },
      files: ["dist/cli.cjs", "dist/host.cjs", "dist/ids.json", "README.md"],
      engines: { node: ">=20" },
    });
  });

  it("ids.json lists the origins every manifest allows, from the one list in shared/", () => {
    const ids = JSON.parse(files["dist/ids.json"]) as { chromium: { allowedOrigins: string[] }; firefox: { addonId: string } };
    expect(ids.chromium.allowedOrigins).toEqual(CHROMIUM_EXTENSION_IDS.map(chromeOrigin));
    expect(ids.firefox.addonId).toBe(GECKO_ADDON_ID);
  });

  it("the README gives the three commands", () => {
    for (const c of ["install", "doctor", "uninstall"]) expect(files["README.md"]).toContain(`npx -y ${PACKAGE_NAME}@latest ${c}`);
  });
});
