/**
 * page_snapshot beside Playwright's accessibility snapshot (`locator("body").ariaSnapshot()`) of the same
 * page, in the e2e build in headless Debian Chromium: the whole outline's size (every window), the recall
 * of Playwright's interactive elements (by role and name) among the lines that got a ref, and the time of
 * one page_snapshot call in the extension (the runner, all frames, merged, first window) on a ~2 MB article.
 *
 * Needs `npm run build:ext:e2e`. Run alone: `node --import tsx test/bench/page-tools/snapshot.ts`.
 */
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { type Harness, launchExtension, ROOT } from "../../helpers/chromium/harness";
import { outcomeText, toolCaller } from "../../helpers/chromium/tool-calls";
import { startTestSite } from "../../helpers/test-site";
import { ARTICLE_PAGE, longArticle, WIDGET_PAGES } from "./pages";

const E2E_BUILD = path.join(ROOT, "dist/extension/chrome-mv3-e2e");
const TIMED_CALLS = Number(process.env.SNAPSHOT_BENCH_CALLS ?? 30);

/** The roles a user operates; Playwright's lines with these roles are what recall counts. */
const INTERACTIVE = new Set(
  "button link textbox searchbox checkbox radio switch combobox listbox option menuitem menuitemcheckbox menuitemradio tab treeitem slider spinbutton".split(
    " ",
  ),
);

interface PageFigures {
  page: string;
  ourChars: number;
  firstWindowChars: number;
  windows: number;
  playwrightChars: number;
  interactive: number;
  found: number;
  missed: string[];
}

export interface SnapshotBench {
  pages: PageFigures[];
  article: PageFigures & { bytes: number; p50: number; p90: number; max: number; calls: number; readOnP50: number; readOnCalls: number };
}

const norm = (name: string) =>
  name
    .replace(/["'\\]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 90);

/** role|name of each line of Playwright's YAML whose role is interactive. */
export function playwrightInteractive(yaml: string): string[] {
  const keys: string[] = [];
  for (const line of yaml.split("\n")) {
    const m = /^\s*- ([a-z]+)(?: "((?:[^"\\]|\\.)*)")?/.exec(line);
    if (m && INTERACTIVE.has(m[1] as string)) keys.push(`${m[1]}|${norm((m[2] ?? "").replace(/\\"/g, '"'))}`);
  }
  return keys;
}

/** role|name of each of our lines that has a ref. */
export function ourRefLines(outline: string): string[] {
  const keys: string[] = [];
  for (const line of outline.split("\n")) {
    const m = /^\s*- ([a-z]+)(?: "([^"]*)")? \[(?:f\d+)?e\d+\]/.exec(line);
    if (m) keys.push(`${m[1]}|${norm(m[2] ?? "")}`);
  }
  return keys;
}

/** The outline lines of one page_snapshot answer (between its header and its footer). */
function body(answer: string): string {
  const lines = answer.split("\n");
  const start = lines.indexOf("") + 1;
  return lines
    .slice(start)
    .filter((l) => !/^\(Lines \d+–\d+ of (?:about )?\d+/.test(l))
    .join("\n");
}

async function measure(h: Harness, page: Page, url: string, name: string): Promise<PageFigures> {
  const tools = toolCaller(h);
  const tabId = await tools.tabIdOf(url);
  const windows: string[] = [];
  let cursor = 0;
  for (;;) {
    const o = await tools.call("page_snapshot", { tabId, ...(cursor ? { cursor } : {}) });
    const text = outcomeText(o);
    if (o.isError) throw new Error(`page_snapshot failed on ${name}: ${text}`);
    windows.push(text);
    const next = /call page_snapshot with cursor (\d+) to read on/.exec(text);
    if (!next) break;
    cursor = Number(next[1]);
  }
  const outline = windows.map(body).join("\n");
  const yaml = await page.locator("body").ariaSnapshot();
  const theirs = playwrightInteractive(yaml);
  const ours = new Map<string, number>();
  for (const k of ourRefLines(outline)) ours.set(k, (ours.get(k) ?? 0) + 1);
  const missed: string[] = [];
  let found = 0;
  for (const k of theirs) {
    const n = ours.get(k) ?? 0;
    if (n > 0) {
      found++;
      ours.set(k, n - 1);
    } else missed.push(k);
  }
  return {
    page: name,
    ourChars: outline.length,
    firstWindowChars: body(windows[0] ?? "").length,
    windows: windows.length,
    playwrightChars: yaml.length,
    interactive: theirs.length,
    found,
    missed,
  };
}

/**
 * Milliseconds of `page_snapshot` calls timed inside the service worker (no DevTools round trip): the first
 * window, and (`readOn`) the second one, which finishes the walk the first one stopped.
 */
async function timeSnapshots(h: Harness, tabId: number, calls: number, readOn: boolean): Promise<number[]> {
  return h.worker.evaluate(
    async ({ tabId, calls, readOn }) => {
      type Outcome = { isError?: boolean; content?: Array<{ text?: string }> };
      const hook = (globalThis as unknown as { __gooseBrowserTools: { run(c: unknown): Promise<Outcome> } }).__gooseBrowserTools;
      const samples: number[] = [];
      for (let i = 0; i < calls + 5; i++) {
        let start = performance.now();
        const o = await hook.run({ tool: "page_snapshot", args: { tabId } });
        if (o.isError) throw new Error("page_snapshot failed");
        if (readOn) {
          const text = (o.content ?? []).map((c) => c.text ?? "").join("\n");
          const cursor = Number(/call page_snapshot with cursor (\d+) to read on/.exec(text)?.[1]);
          start = performance.now();
          const next = await hook.run({ tool: "page_snapshot", args: { tabId, cursor } });
          if (next.isError) throw new Error("page_snapshot with a cursor failed");
        }
        if (i >= 5) samples.push(performance.now() - start);
      }
      return samples;
    },
    { tabId, calls, readOn },
  );
}

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

export async function runSnapshotBench(): Promise<SnapshotBench> {
  const article = longArticle();
  const site = await startTestSite({ [ARTICLE_PAGE]: article });
  const h = await launchExtension({ extensionDir: E2E_BUILD, manifest: "missing" });
  try {
    await toolCaller(h).answer("allow_once");
    const page = await h.context.newPage();
    const pages: PageFigures[] = [];
    for (const name of WIDGET_PAGES) {
      await page.goto(site.url(name), { waitUntil: "load" });
      pages.push(await measure(h, page, site.url(name), name));
    }
    await page.goto(site.url(ARTICLE_PAGE), { waitUntil: "load" });
    const figures = await measure(h, page, site.url(ARTICLE_PAGE), ARTICLE_PAGE);
    const tabId = await toolCaller(h).tabIdOf(site.url(ARTICLE_PAGE));
    const samples = (await timeSnapshots(h, tabId, TIMED_CALLS, false)).sort((a, b) => a - b);
    const readOn = (await timeSnapshots(h, tabId, Math.ceil(TIMED_CALLS / 3), true)).sort((a, b) => a - b);
    return {
      pages,
      article: {
        ...figures,
        bytes: Buffer.byteLength(article),
        calls: samples.length,
        readOnP50: at(readOn, 0.5),
        readOnCalls: readOn.length,
        p50: at(samples, 0.5),
        p90: at(samples, 0.9),
        max: samples.at(-1) ?? Number.NaN,
      },
    };
  } finally {
    await h.close();
    await site.close();
  }
}

export function snapshotSection(b: SnapshotBench, machine: string, date: string): string {
  const pct = (a: number, c: number) => (c === 0 ? "–" : `${((a / c) * 100).toFixed(1)} %`);
  const n = (x: number) => x.toLocaleString("en");
  const row = (p: PageFigures) =>
    `| ${p.page} | ${n(p.ourChars)} (${p.windows} window${p.windows > 1 ? "s" : ""}) | ${n(p.playwrightChars)} | ${pct(p.ourChars, p.playwrightChars)} | ${p.found} / ${p.interactive} (${pct(p.found, p.interactive)}) |`;
  const all = [...b.pages, b.article];
  const found = all.reduce((s, p) => s + p.found, 0);
  const interactive = all.reduce((s, p) => s + p.interactive, 0);
  const missed = all.flatMap((p) => p.missed.map((m) => `${p.page}: ${m.replace("|", ' "')}"`));
  const a = b.article;
  const pass = (ok: boolean) => (ok ? "met" : "**not met**");
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");
  return `## Page tools: page_snapshot (measured ${date} on ${machine}; load ${load})

\`page_snapshot\` beside Playwright's \`locator("body").ariaSnapshot()\` of the same page, in the e2e build in
headless Debian Chromium (\`test/bench/page-tools/snapshot.ts\`, pages in \`test/fixtures/pages\` and a generated
${(a.bytes / 1e6).toFixed(1)} MB article with ${n(a.interactive)} links and fields). Our size is the whole outline,
every window together; recall counts Playwright's elements with an interactive role (button, link, textbox,
searchbox, checkbox, radio, switch, combobox, listbox, option, menu items, tab, treeitem, slider, spinbutton)
that have a line with a ref in ours of the same role and name. Playwright does not enter iframes, so frame
content is in our size and not in its.

| page | ours (characters) | Playwright | ours / Playwright | recall |
|---|---|---|---|---|
${all.map(row).join("\n")}

| goal | target | measured | |
|---|---|---|---|
| recall of Playwright's interactive elements, all pages | ≥ 99 % | ${pct(found, interactive)} (${found} / ${interactive}) | ${pass(found / interactive >= 0.99)} |
| size on the article, ours / Playwright | ≤ 40 % | ${pct(a.ourChars, a.playwrightChars)} (first window ${n(a.firstWindowChars)} characters) | ${pass(a.ourChars / a.playwrightChars <= 0.4)} |
| \`page_snapshot\` on the article (every frame, merged, first window; timed in the service worker), p50 of ${a.calls} | ≤ 20 ms | ${a.p50.toFixed(1)} ms (p90 ${a.p90.toFixed(1)}, max ${a.max.toFixed(1)}) | ${pass(a.p50 <= 20)} |
| the second window (\`cursor\`: walks on as far as that window needs), p50 of ${a.readOnCalls} | – | ${a.readOnP50.toFixed(1)} ms | |

${missed.length ? `Missed (role "name" in Playwright's snapshot): ${missed.slice(0, 20).join("; ")}${missed.length > 20 ? `; and ${missed.length - 20} more` : ""}.` : "Nothing missed."}
`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runSnapshotBench();
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${os.platform()} ${os.release()}`;
  process.stdout.write(snapshotSection(result, machine, new Date().toISOString().slice(0, 10)));
}
