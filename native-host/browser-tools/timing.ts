/**
 * Where one browser tool call's time went, as the host sees it (issue #39): from the MCP request's
 * arrival to its answer's last byte written, the part spent waiting on the browser (the tool_call out,
 * the tool_result back), and the extension's own handler time as it reports it. One log line per call,
 * after the answer left, so writing it costs the call nothing; the page-tools bench reads these lines
 * beside the caller's round trip (BENCHMARKS.md). The host's own part is `hostMs - browserMs`; the
 * browser's IPC is `browserMs - handlerMs`; of the handler, `apiMs` waited on the browser's APIs, and of that
 * `pageMs` was our page script's own time, `pageOwnMs` the page's own (our waits for it, its event handlers) and `scriptFileMs` the injection of our
 * script files (page-tools.js once per document).
 */

export interface ToolTiming {
  /** From sending the tool_call to the tool_result's arrival. */
  browserMs: number;
  /** The extension's handler time, as its tool_result says (absent from older extensions). */
  handlerMs?: number;
  /** Of the handler's time, the wait on the browser's APIs, as the tool_result says (absent from older extensions). */
  apiMs?: number;
  /** Of `apiMs`, our page script's own time, as the tool_result says. */
  pageMs?: number;
  /** Of `apiMs`, the page's own time (our waits for it, its event handlers), as the tool_result says. */
  pageOwnMs?: number;
  /** Of `apiMs`, injecting our script files, as the tool_result says. */
  scriptFileMs?: number;
}

export interface TimedCall extends ToolTiming {
  tool: string;
  /** From the MCP request's arrival to its answer written. */
  hostMs: number;
}

const PREFIX = "tool call timing:";

export function timingLine(c: TimedCall): string {
  const handler = c.handlerMs === undefined ? "" : ` handler=${c.handlerMs.toFixed(2)}`;
  const api = c.apiMs === undefined ? "" : ` api=${c.apiMs.toFixed(2)}`;
  const page = c.pageMs === undefined ? "" : ` page=${c.pageMs.toFixed(2)}`;
  const own = c.pageOwnMs === undefined ? "" : ` pageown=${c.pageOwnMs.toFixed(2)}`;
  const files = c.scriptFileMs === undefined ? "" : ` files=${c.scriptFileMs.toFixed(2)}`;
  return `${PREFIX} ${c.tool} host=${c.hostMs.toFixed(2)} browser=${c.browserMs.toFixed(2)}${handler}${api}${page}${own}${files}`;
}

/** The timed calls in a host log, in order. */
export function timedCalls(log: string): TimedCall[] {
  const calls: TimedCall[] = [];
  const line =
    /tool call timing: (\S+) host=([\d.]+) browser=([\d.]+)(?: handler=([\d.]+))?(?: api=([\d.]+))?(?: page=([\d.]+))?(?: pageown=([\d.]+))?(?: files=([\d.]+))?$/gm;
  for (const m of log.matchAll(line)) {
    calls.push({
      tool: m[1]!,
      hostMs: Number(m[2]),
      browserMs: Number(m[3]),
      ...(m[4] !== undefined ? { handlerMs: Number(m[4]) } : {}),
      ...(m[5] !== undefined ? { apiMs: Number(m[5]) } : {}),
      ...(m[6] !== undefined ? { pageMs: Number(m[6]) } : {}),
      ...(m[7] !== undefined ? { pageOwnMs: Number(m[7]) } : {}),
      ...(m[8] !== undefined ? { scriptFileMs: Number(m[8]) } : {}),
    });
  }
  return calls;
}
