/**
 * The panel's browser-tools controls as the browser-tools e2e files find them (by accessible name),
 * and the scripted agent's prompt for one call of the browser server (its `call` scenario).
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { ROOT } from "./harness";

/** The e2e build: it holds the host permissions a user grants as the tools ask (wxt.config.ts). */
export const E2E_BUILD = path.join(ROOT, "dist/extension/chrome-mv3-e2e");

export const toolSwitch = (panel: Page) => panel.getByRole("button", { name: /^Browser: / });
/** The agent's own question about a call. */
export const permission = (panel: Page) => panel.getByRole("group", { name: "Permission request" });
/** goose-browser's consent card, asked when the call is served. */
export const consentCard = (panel: Page) => panel.getByRole("group", { name: "Browser consent" });
/** The scripted agent's prompt for one call of the browser server. */
export const call = (tool: string, args: Record<string, unknown> = {}) => `call browser ${tool} ${JSON.stringify(args)}`;
