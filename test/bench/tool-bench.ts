/**
 * Browser-tool round trips in the real product (headless Debian Chromium, the e2e build of the
 * extension, the built host, the scripted goose): an MCP client → the host's MCP server → the native
 * port → the extension's runner → the page → back. The bench is that MCP client: it turns the tools on
 * in the panel, lets the host offer the server to the agent, and reads the server's address and token
 * from what the agent received (the `mcpServers` of its session/new), so its calls take exactly the agent's path.
 *
 * Needs `npm run build:ext:e2e && npm run build:host && npm run build:fixtures`.
 * Run: `node --import tsx test/bench/tool-bench.ts` (prints a Markdown section for BENCHMARKS.md).
 */
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { launchExtension, ROOT } from "../helpers/chromium/harness";
import { composer, userBubbles, waitForReady, waitForTurnEnd } from "../helpers/chromium/panel";
import { startTestSite } from "../helpers/test-site";

const E2E_BUILD = path.join(ROOT, "dist/extension/chrome-mv3-e2e");
const ROUND_TRIPS = Number(process.env.TOOL_BENCH_CALLS ?? 300);
const LARGE_READS = Number(process.env.TOOL_BENCH_READS ?? 10);

export interface Timing {
  calls: number;
  p50: number;
  p99: number;
  max: number;
}

export interface ToolBench {
  /** `get_selection` on a small page: one script injection into the page and back. */
  pageCall: Timing;
  /** `list_tabs`: the same path without touching a page. */
  noPageCall: Timing;
  /** `read_page` on a ~2 MB article (Readability + turndown in the page, the first window returned). */
  largeRead: Timing & { pageBytes: number; firstWindowChars: number };
}

/** About 2 MB of article text (the same shape the browser-tools e2e reads). */
function largePage(): string {
  const paragraph = (i: number) =>
    `<p>Paragraph ${i}: ${"ownership and borrowing keep memory safe without a garbage collector. ".repeat(14)}</p>`;
  const body = Array.from({ length: 2_100 }, (_, i) => paragraph(i)).join("\n");
  return `<!doctype html><html><head><title>Large</title></head><body><article><h1>A very long article</h1>${body}<p>THE END</p></article></body></html>`;
}

function stats(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { calls: samples.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1]! };
}

export async function runToolBench(): Promise<ToolBench> {
  const large = largePage();
  const site = await startTestSite({ "large.html": large });
  const h = await launchExtension({ extensionDir: E2E_BUILD });
  try {
    const form = await h.context.newPage();
    await form.goto(site.url("form.html"));
    const big = await h.context.newPage();
    await big.goto(site.url("large.html"));
    const tabOf = (url: string) => h.worker.evaluate(async (u) => (await chrome.tabs.query({ url: u }))[0]!.id!, url);
    const formTab = await tabOf(site.url("form.html"));
    const bigTab = await tabOf(site.url("large.html"));

    const panel = await h.openPanel();
    await waitForReady(panel);
    await panel.getByRole("button", { name: "Browser: off" }).click();
    await panel.getByRole("button", { name: "Browser: on" }).waitFor();
    // A session, so the host offers the server to the agent.
    await composer(panel).fill("echo hello");
    await composer(panel).press("Enter");
    await userBubbles(panel).first().waitFor();
    await waitForTurnEnd(panel);
    // goose 1.50 takes the server in session/new's mcpServers.
    const given = h.agentMessages().find((m) => m.method === "session/new");
    const server = (given?.params as { mcpServers?: Array<{ url: string; headers: Array<{ name: string; value: string }> }> } | undefined)
      ?.mcpServers?.[0];
    if (!server) throw new Error(`the host never offered the browser server to the agent\n${h.diagnostics()}`);
    const config = { uri: server.url, headers: Object.fromEntries(server.headers.map((x) => [x.name, x.value])) };

    const client = new Client({ name: "tool-bench", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(config.uri), { requestInit: { headers: config.headers } }));
    const time = async (name: string, args: Record<string, unknown>): Promise<{ ms: number; text: string }> => {
      const start = performance.now();
      const result = (await client.callTool({ name, arguments: args })) as { content: Array<{ text?: string }>; isError?: boolean };
      const ms = performance.now() - start;
      const text = result.content.map((c) => c.text ?? "").join("\n");
      if (result.isError) throw new Error(`${name} failed: ${text}`);
      return { ms, text };
    };
    const repeat = async (n: number, name: string, args: Record<string, unknown>) => {
      for (let i = 0; i < 10; i++) await time(name, args); // warm-up: script caches, JIT, the first connection
      const samples: number[] = [];
      for (let i = 0; i < n; i++) samples.push((await time(name, args)).ms);
      return stats(samples);
    };

    const pageCall = await repeat(ROUND_TRIPS, "get_selection", { tabId: formTab });
    const noPageCall = await repeat(ROUND_TRIPS, "list_tabs", {});
    const first = await time("read_page", { tabId: bigTab });
    const reads = await repeat(LARGE_READS, "read_page", { tabId: bigTab });
    await client.close();
    return {
      pageCall,
      noPageCall,
      largeRead: { ...reads, pageBytes: Buffer.byteLength(large), firstWindowChars: first.text.length },
    };
  } finally {
    await h.close();
    await site.close();
  }
}

export function toolSection(b: ToolBench, machine: string, date: string): string {
  const f = (n: number) => n.toFixed(1);
  const row = (what: string, t: Timing) => `| ${what} | ${t.calls} | ${f(t.p50)} ms | ${f(t.p99)} ms | ${f(t.max)} ms |`;
  return `## Browser tools (measured ${date} on ${machine})

One MCP \`tools/call\` through the whole product: an MCP client (the bench, holding the agent's address and
token) → the host's MCP server → a \`tool_call\` on the native port → the extension's runner → the page →
\`tool_result\` → the MCP answer. Headless Debian Chromium, the e2e build, one call at a time after 10 warm-up
calls. \`node --import tsx test/bench/tool-bench.ts\`.

| call | calls | p50 | p99 | max |
|---|---|---|---|---|
${row("`get_selection` on a small page (script injected into the page)", b.pageCall)}
${row("`list_tabs` (the same path, no page)", b.noPageCall)}
${row(`\`read_page\` on a ${(b.largeRead.pageBytes / 1e6).toFixed(1)} MB article (Readability + Markdown, first window of ${b.largeRead.firstWindowChars.toLocaleString("en")} characters)`, b.largeRead)}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runToolBench();
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${os.platform()} ${os.release()}`;
  process.stdout.write(toolSection(result, machine, new Date().toISOString().slice(0, 10)));
}
