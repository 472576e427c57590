/**
 * The scripted caller the page-tools benchmarks use: the real product (headless Debian Chromium with the e2e
 * build, the built host, the scripted goose), with the tools turned on in the panel; the bench then calls the
 * host's MCP server itself with the address and token the agent was given (from its session/new), so every
 * call takes exactly the agent's path: MCP → host → native port → the extension's runner → the page → back.
 * Acting calls ask in the panel; `allowSite` answers the first one "Allow on this site" as a user would.
 */
import fs from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Page } from "playwright-core";
import { timedCalls } from "../../../native-host/browser-tools/timing";
import { type Harness, launchExtension, ROOT } from "../../helpers/chromium/harness";
import { composer, userBubbles, waitForReady, waitForTurnEnd } from "../../helpers/chromium/panel";

const E2E_BUILD = path.join(ROOT, "dist/extension/chrome-mv3-e2e");

interface CallResult {
  text: string;
  isError: boolean;
  ms: number;
  /** Which call of this caller it was (0 for the first): its place in `splits()`. */
  seq: number;
}

/**
 * One call's round trip split by where it went, from the host's log (native-host/browser-tools/timing.ts):
 * the host's request-to-answer time, the part of it waiting on the browser, and the worker's handler time.
 */
export interface CallSplit {
  tool: string;
  ms: number;
  hostMs: number;
  browserMs: number;
  handlerMs: number;
  /** Of the handler's time, the wait on the browser's APIs (0 from an extension that does not say). */
  apiMs: number;
  /** Of `apiMs`, our page script's own time and its waits for the page (0 from an extension that does not say). */
  pageMs: number;
  pageOwnMs: number;
  /** Of `apiMs`, injecting our script files (page-tools.js into a new document; 0 from an extension that does not say). */
  scriptFileMs: number;
}

export interface McpCaller {
  harness: Harness;
  panel: Page;
  /** One MCP tools/call, timed from request to answer. */
  call(name: string, args: Record<string, unknown>): Promise<CallResult>;
  /** Runs an acting call whose consent card the bench answers "Allow on this site" in the panel. */
  allowSite(name: string, args: Record<string, unknown>): Promise<CallResult>;
  tabIdOf(url: string): Promise<number>;
  /** Every call so far, in order, with the host's split of it. */
  splits(): Promise<CallSplit[]>;
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
  // A session, so the host offers the server to the agent.
  await composer(panel).fill("echo hello");
  await composer(panel).press("Enter");
  await userBubbles(panel).first().waitFor();
  await waitForTurnEnd(panel);
  // The panel opens a session as it opens, before the tools are on: goose then gets the server in the host's
  // own request (goose 1.46 on) rather than in session/new's mcpServers.
  type Server = { url: string; headers: Array<{ name: string; value: string }> };
  const server = harness
    .agentMessages()
    .flatMap((m) => {
      const params = m.params as { mcpServers?: Server[]; extension?: { server?: Server } } | undefined;
      if (m.method === "session/new") return params?.mcpServers ?? [];
      return m.method === "_goose/unstable/session/extensions/add" && params?.extension?.server ? [params.extension.server] : [];
    })
    .at(0);
  if (!server) throw new Error(`the host never offered the browser server to the agent\n${harness.diagnostics()}`);
  const client = new Client({ name: "page-tools-bench", version: "1.0.0" });
  const headers = Object.fromEntries(server.headers.map((x) => [x.name, x.value]));
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { requestInit: { headers } }));

  const made: Array<{ tool: string; ms: number }> = [];
  const call = async (name: string, args: Record<string, unknown>): Promise<CallResult> => {
    const start = performance.now();
    const result = (await client.callTool({ name, arguments: args })) as { content: Array<{ text?: string }>; isError?: boolean };
    const ms = performance.now() - start;
    made.push({ tool: name, ms });
    return { text: result.content.map((c) => c.text ?? "").join("\n"), isError: result.isError === true, ms, seq: made.length - 1 };
  };
  const splits = async (): Promise<CallSplit[]> => {
    // The host logs a call once its answer is written, which may be just after the caller read it.
    let timed = timedCalls(fs.readFileSync(harness.hostLog, "utf8"));
    for (let i = 0; i < 50 && timed.length < made.length; i++) {
      await new Promise((r) => setTimeout(r, 20));
      timed = timedCalls(fs.readFileSync(harness.hostLog, "utf8"));
    }
    if (timed.length !== made.length) throw new Error(`${made.length} calls made, ${timed.length} timed in the host's log`);
    return made.map(({ tool, ms }, i) => {
      const t = timed[i]!;
      if (t.tool !== tool || t.handlerMs === undefined) throw new Error(`call ${i} was ${tool}, the host's log says ${t.tool}`);
      const page = { pageMs: t.pageMs ?? 0, pageOwnMs: t.pageOwnMs ?? 0, scriptFileMs: t.scriptFileMs ?? 0 };
      return { tool, ms, hostMs: t.hostMs, browserMs: t.browserMs, handlerMs: t.handlerMs, apiMs: t.apiMs ?? 0, ...page };
    });
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
    splits,
    tabIdOf: (url) => harness.worker.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]!.id!, url),
    async close() {
      await client.close();
      await harness.close();
    },
  };
}
