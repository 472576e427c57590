/**
 * What `npm start` launches and what it tells the user, as data: the browser, its arguments and the
 * terminal summary. Pure, so the arguments (no page URL on the command line: Chromium blocks an
 * extension page asked for before the extension has loaded) are tested without a browser.
 */
import { chromeOrigin, DEV_EXTENSION_ID } from "../../shared/extension-ids";

const BROWSER_CANDIDATES = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
];

export const PANEL_URL = `${chromeOrigin(DEV_EXTENSION_ID)}sidepanel.html`;

export interface StartPlan {
  browser: string;
  args: string[];
  extensionDir: string;
  profileDir: string;
  headless: boolean;
}

export interface StartInputs {
  /** $CHROMIUM_PATH, if set. */
  chromiumPath: string | undefined;
  exists(file: string): boolean;
  extensionDir: string;
  profileDir: string;
  headless: boolean;
  /** Root cannot run Chromium's sandbox. */
  isRoot: boolean;
}

export function planStart(i: StartInputs): StartPlan | { error: string } {
  const browser = i.chromiumPath || BROWSER_CANDIDATES.find((b) => i.exists(b));
  if (!browser) return { error: "No Chromium found. Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROMIUM_PATH." };
  const args = [
    `--user-data-dir=${i.profileDir}`,
    `--disable-extensions-except=${i.extensionDir}`,
    `--load-extension=${i.extensionDir}`,
    "--no-first-run",
    "--no-default-browser-check",
    // start.ts opens the panel through this pipe once the extension is up (see devtools-pipe.ts).
    "--remote-debugging-pipe",
    // Headless runs are for servers and tests, which drive the browser through the port it prints.
    ...(i.headless ? ["--headless", "--disable-gpu", "--remote-debugging-port=0"] : []),
    ...(i.isRoot ? ["--no-sandbox"] : []),
  ];
  return { browser, args, extensionDir: i.extensionDir, profileDir: i.profileDir, headless: i.headless };
}

export interface LaunchFacts {
  manifest: string;
  launcher: string;
  hostConfig: string;
  /** Where Chromium's own messages go. */
  browserLog: string;
}

/** What was launched and where things are, printed before the browser starts. */
export function launchSummary(plan: StartPlan, facts: LaunchFacts): string {
  return [
    `goose-browser: starting ${plan.browser}${plan.headless ? " (headless)" : ""} with the goose extension`,
    `  extension:   ${plan.extensionDir} (id ${DEV_EXTENSION_ID})`,
    `  profile:     ${plan.profileDir} (a profile of its own: your browsers' profiles are not touched)`,
    `  host:        ${facts.manifest} → ${facts.launcher}`,
    `  host config: ${facts.hostConfig} (agent profiles; \`npm run doctor\` checks it and goose)`,
    `  browser log: ${facts.browserLog} (Chromium's own messages)`,
    "",
  ].join("\n");
}

/** Printed once the panel page is open (or could not be opened). */
export function whereToLook(opened: boolean): string {
  const toolbar =
    "In this browser, the goose button in the toolbar (under the puzzle-piece menu until you pin it) opens goose in the side panel.";
  return opened
    ? `Opened the goose panel in a tab: ${PANEL_URL}\n${toolbar}\nClose the browser or press Ctrl+C here to stop.\n`
    : `The extension did not report ready, so no panel tab was opened.\n${toolbar}\nClose the browser or press Ctrl+C here to stop.\n`;
}
