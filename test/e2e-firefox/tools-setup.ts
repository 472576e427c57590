/**
 * What the Firefox browser-tools files share: the local test site, a folder for the scripted agent's MCP
 * logs (test/helpers/mcp-log.ts reads them), and the harness each test launches, closed after it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll } from "vitest";
import { startTestSite, type TestSite } from "../helpers/test-site";
import { closeAfterTest, type FirefoxHarness, type FirefoxHarnessOptions, launchFirefox } from "./harness";

export interface ToolsSetup {
  /** The test site (served from beforeAll on). */
  readonly site: TestSite;
  /** A log file in this file's log folder: `mcp.log` unless named. */
  mcpLog(name?: string): string;
  /** Launches Firefox for this test; it is closed after the test. */
  launch(options: FirefoxHarnessOptions): Promise<FirefoxHarness>;
}

export function useToolsSetup(prefix: string): ToolsSetup {
  let site: TestSite | undefined;
  let logDir = "";
  let harness: FirefoxHarness | undefined;
  beforeAll(async () => {
    site = await startTestSite();
    logDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterAll(async () => {
    await site?.close();
    fs.rmSync(logDir, { recursive: true, force: true });
  });
  afterEach(async (ctx) => {
    await closeAfterTest(harness, ctx);
    harness = undefined;
  });
  return {
    get site() {
      if (!site) throw new Error("the test site starts in beforeAll");
      return site;
    },
    mcpLog: (name = "mcp.log") => path.join(logDir, name),
    async launch(options) {
      harness = await launchFirefox(options);
      return harness;
    },
  };
}
