/**
 * The harness fixture every e2e file shares: `const launch = useHarness()` at the top of a file, then
 * `const harness = await launch(options)` in a test. After each test it prints every harness's
 * diagnostics when the test failed (and runs `onFailure`, e.g. for screenshots), then closes every
 * browser before removing any dir, because a relaunch (`reuseDir`) shares its dir with the one before.
 */
import { afterEach } from "vitest";
import { type Harness, type HarnessOptions, launchExtension } from "../helpers/chromium/harness";

export type Launch = (options?: HarnessOptions) => Promise<Harness>;

export function useHarness(onFailure?: (harness: Harness) => Promise<void>): Launch {
  const open: Harness[] = [];
  afterEach(async (ctx) => {
    const harnesses = open.splice(0);
    if (ctx.task.result?.state === "fail") {
      for (const harness of harnesses) {
        console.error(harness.diagnostics());
        await onFailure?.(harness);
      }
    }
    for (const harness of harnesses) await harness.closeBrowser();
    for (const harness of harnesses) await harness.close();
  });
  return async (options) => {
    const harness = await launchExtension(options);
    open.push(harness);
    return harness;
  };
}
