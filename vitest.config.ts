import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    globalSetup: ["test/helpers/private-tmp.ts"],
    projects: [
      {
        test: {
          name: "unit",
          include: ["test/unit/**/*.test.ts"],
          environment: "node",
          // Speed is measured by the benches, not here: the property tests and the whole-repo checks run
          // for seconds on a loaded 2-core machine, and must not fail for that.
          testTimeout: 30_000,
          setupFiles: ["test/helpers/dom/happy-dom-setup.ts"],
        },
      },
      {
        test: {
          name: "integration",
          include: ["test/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["test/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One Chromium at a time on a 2-core machine.
          fileParallelism: false,
        },
      },
      {
        test: {
          // The real goose from npm (npm run test:goose installs test/goose's pins first).
          name: "goose",
          include: ["test/e2e-goose/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "firefox",
          include: ["test/e2e-firefox/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // One Firefox at a time on a 2-core machine.
          fileParallelism: false,
        },
      },
      {
        test: {
          // Under Wine (npm run test:windows): wineboot alone takes seconds, every Windows process starts slowly.
          name: "windows",
          include: ["test/windows/**/*.test.ts"],
          environment: "node",
          testTimeout: 300_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
