/**
 * Where each call's time went (issue #39): the caller's round trip beside the host's request-to-answer time
 * and the worker's handler time, from the host's log (native-host/browser-tools/timing.ts), so "ours" (the
 * host's own part, the worker's own code and our page script) is apart from the browser's (its native port both
 * ways, its APIs and script injection), the page's (an acting tool's waits for it) and the caller's MCP client
 * (and its HTTP on loopback). Each figure is taken per call, then its p50 and p90 over the calls, so a row's
 * figures need not add up.
 */
import type { CallSplit } from "./mcp-caller";

export function quantile(samples: number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** Ours: the host's own part, the worker's own code (its handler less its waits on the browser's APIs), our page script. */
export const ours = (s: CallSplit) => s.hostMs - s.browserMs + s.handlerMs - s.apiMs + s.pageMs;

/** The per-call figures, in the table's order after the round trip. */
const PARTS: Array<{ name: string; of: (s: CallSplit) => number }> = [
  { name: "round trip", of: (s) => s.ms },
  { name: "host, request to answer", of: (s) => s.hostMs },
  { name: "host's own", of: (s) => s.hostMs - s.browserMs },
  { name: "worker's handler", of: (s) => s.handlerMs },
  { name: "worker's own code", of: (s) => s.handlerMs - s.apiMs },
  { name: "our page script", of: (s) => s.pageMs },
  { name: "ours", of: ours },
  { name: "browser APIs and injection", of: (s) => s.apiMs - s.pageMs - s.pageOwnMs - s.scriptFileMs },
  { name: "browser IPC", of: (s) => s.browserMs - s.handlerMs },
  { name: "page's own", of: (s) => s.pageOwnMs },
  { name: "script files injected", of: (s) => s.scriptFileMs },
  { name: "caller's client", of: (s) => s.ms - s.hostMs },
];

const OURS = PARTS.findIndex((p) => p.name === "ours");
/** The goal of issue #39: ours per call at the p50. */
export const OURS_GOAL_MS = 5;

/** One row: the tool, its calls, then each part as "p50 / p90". */
export function splitRow(name: string, xs: CallSplit[]): string {
  const cells = PARTS.map(({ of }, i) => {
    const cell = `${quantile(xs.map(of), 0.5).toFixed(1)} / ${quantile(xs.map(of), 0.9).toFixed(1)} ms`;
    return i === OURS ? `**${cell}**` : cell;
  });
  return `| ${name} | ${xs.length} | ${cells.join(" | ")} |`;
}

export function splitSection(splits: CallSplit[]): string {
  const byTool = new Map<string, CallSplit[]>();
  for (const s of splits) byTool.set(s.tool, [...(byTool.get(s.tool) ?? []), s]);
  const rows = [...byTool.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([name, xs]) => splitRow(`\`${name}\``, xs));
  const met = [...byTool.entries()]
    .filter(([, xs]) => quantile(xs.map(PARTS[OURS]!.of), 0.5) <= OURS_GOAL_MS)
    .map(([name]) => `\`${name}\``);
  const all = quantile(splits.map(PARTS[OURS]!.of), 0.5);
  return `Where a call's time goes, per call, p50 / p90 over the calls of each figure (so they need not add up): the
caller's round trip; the host's MCP server from the request's arrival to its answer written; of it the host's own
part (less the wait on the browser); the worker's handler (\`tool_result\`'s \`handlerMs\`); of it the worker's own
code (the handler less its waits on the browser's APIs, \`apiMs\`) and our page script (\`pageMs\`: the injected
function's entry to its answer, less its waits for the page); **ours**, those three: the host's own part, the
worker's own code and our page script. The browser's: its APIs and script injection (\`apiMs\` less the page's
parts and the script files: tabs, scripting, permissions) and its IPC (the wait on the browser less the handler:
the native port both ways). The page's own (\`pageOwnMs\`): an acting tool's waits for the page (an element
holding still over frames, a cover going, \`wait_for\`'s watch) and the page's handlers of the events it dispatches. Apart, as neither can be told from the other per call:
injecting our script files (\`scriptFileMs\`: page-tools.js into each new document, the browser's injection and
our file's compile and run). The caller's MCP client and HTTP: the round trip less the host's time.

| tool | calls | ${PARTS.map((p) => p.name).join(" | ")} |
|---|---|${PARTS.map(() => "---|").join("")}
${rows.join("\n")}
${splitRow("**all**", splits)}

Target: ours p50 ≤ ${OURS_GOAL_MS} ms a call: ${all.toFixed(1)} ms over all calls, ${all <= OURS_GOAL_MS ? "met" : "**not met**"}; met by ${met.length > 0 ? met.join(", ") : "no tool"}.
`;
}
