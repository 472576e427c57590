/**
 * The scripted caller the page-tools benchmarks use: the real product (headless Debian Chromium with the e2e
 * build, the built host, the scripted goose), with the tools turned on in the panel; the bench then calls the
 * host's MCP server itself with the address and token the agent was given (from its session/new), so every
 * call takes exactly the agent's path: MCP → host → native port → the extension's runner → the page → back.
 * Acting calls ask in the panel; `allowSite` answers the first one "Allow on this site" as a user would.
 */
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Page } from "playwright-core";
import { type Harness, launchExtension, ROOT } from "../../helpers/chromium/harness";
import { composer, userBubbles, waitForReady, waitForTurnEnd } from "../../helpers/chromium/panel";

const E2E_BUILD = path.join(ROOT, "dist/extension/chrome-mv3-e2e");

interface CallResult {
  text: string;
  isError: boolean;
  ms: number;
}

export interface McpCaller {
  harness: Harness;
  panel: Page;
  /** One MCP tools/call, timed from request to answer. */
  call(name: string, args: Record<string, unknown>): Promise<CallResult>;
  /** Runs an acting call whose consent card the bench answers "Allow on this site" in the panel. */
  allowSite(name: string, args: Record<string, unknown>): Promise<CallResult>;
  tabIdOf(url: string): Promise<number>;
  close(): Promise<void>;
}

/** Another checkout's builds (its e2e extension and host), for same-run comparisons (round-trip.ts). */
export interface CallerBuild {
  root: string;
}

export async function openMcpCaller(build?: CallerBuild): Promise<McpCaller> {
  const harness = await launchExtension(
    build
      ? {
          extensionDir: path.join(build.root, "dist/extension/chrome-mv3-e2e"),
          hostLauncher: path.join(build.root, "dist/native-host/goose-browser-host"),
        }
      : { extensionDir: E2E_BUILD },
  );
  const panel = await harness.openPanel();
  await waitForReady(panel);
  await panel.getByRole("button", { name: "Browser: off" }).click();
  await panel.getByRole("button", { name: "Browser: on" }).waitFor();
  // A session, so the host offers the server to the agent (goose 1.50 takes it in session/new's mcpServers).
  await composer(panel).fill("echo hello");
  await composer(panel).press("Enter");
  await userBubbles(panel).first().waitFor();
  await waitForTurnEnd(panel);
  const given = harness.agentMessages().find((m) => m.method === "session/new");
  const server = (given?.params as { mcpServers?: Array<{ url: string; headers: Array<{ name: string; value: string }> }> } | undefined)
    ?.mcpServers?.[0];
  if (!server) throw new Error(`the host never offered the browser server to the agent\n${harness.diagnostics()}`);
  const client = new Client({ name: "page-tools-bench", version: "1.0.0" });
  const headers = Object.fromEntries(server.headers.map((x) => [x.name, x.value]));
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }));

  const call = async (name: string, args: Record<string, unknown>): Promise<CallResult> => {
    const start = performance.now();
    const result = (await client.callTool({ name, arguments: args })) as { content: Array<{ text?: string }>; isError?: boolean };
    const ms = performance.now() - start;
    return { text: result.content.map((c) => c.text ?? "").join("\n"), isError: result.isError === true, ms };
  };
  return {
    harness,
    panel,
    call,
    async allowSite(name, args) {
      const answered = call(name, args);
      const card = panel.getByRole("group", { name: "Browser consent" });
      await card.getByRole("button", { name: "More answers" }).click({ timeout: 30_000 });
      await card.getByRole("button", { name: "Always allow on this site" }).click({ timeout: 30_000 });
      return answered;
    },
    tabIdOf: (url) => harness.worker.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]!.id!, url),
    async close() {
      await client.close();
      await harness.close();
    },
  };
}
