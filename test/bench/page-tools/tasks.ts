/**
 * The page-tools task benchmark (issue #24's goals): test pages modelled on common widgets (test/fixtures/pages/act-*.html
 * and form.html), and for each a task a scripted caller does through the browser tools alone, as an agent would:
 * snapshot or find → pick the ref → act → look again. The page's own state then says whether the task got done.
 * Reported: success per widget, and each tool's round trip (MCP request to answer, the agent's whole path).
 *
 * Needs `npm run build:host && npm run build:ext:e2e && npm run build:fixtures` (run.ts builds them).
 * Alone: `node --import tsx test/bench/page-tools/tasks.ts` (prints the section; PAGE_TOOLS_ROUNDS, default 5).
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import type { Page } from "playwright-core";
import { buildScriptedAgent } from "../../fixtures/scripted-agent/build";
import { ROOT } from "../../helpers/chromium/harness";
import { startTestSite } from "../../helpers/test-site";
import { writeSection } from "../benchmarks-doc";
import { ACTING_TASKS } from "./acting-tasks";
import { quantile, splitSection } from "./call-splits";
import { type CallSplit, type McpCaller, openMcpCaller } from "./mcp-caller";
import { type Caller, data, ref, type Task } from "./task-kit";

const ROUNDS = Number(process.env.PAGE_TOOLS_ROUNDS ?? 5);

const TASKS: Task[] = [
  {
    widget: "tabs (handler on the link inside each tab)",
    page: "act-wrappers.html",
    async run(t, tabId) {
      const snap = await t.tool("page_snapshot", { tabId });
      await t.tool("click", { tabId, ref: ref(snap, /tab "Reviews"/) });
    },
    done: async (page) => (await data(page, "tab")) === "Reviews" && (await page.locator("#three").isVisible()),
  },
  {
    widget: "menu that opens on hover",
    page: "act-hover.html",
    async run(t, tabId) {
      await t.tool("hover", { tabId, ref: ref(await t.tool("page_snapshot", { tabId }), /link "Products"/) });
      await t.tool("click", { tabId, ref: ref(await t.tool("page_snapshot", { tabId }), /link "Laptops"/) });
    },
    done: async (page) => (await data(page, "chosen")) === "Laptops",
  },
  {
    widget: "autocomplete (suggestions arrive later)",
    page: "act-autocomplete.html",
    async run(t, tabId) {
      await t.tool("type", { tabId, ref: ref(await t.tool("page_snapshot", { tabId }), /combobox "Country"/), text: "Eg" });
      await t.tool("wait_for", { tabId, text: "Egypt", timeoutMs: 5000 });
      await t.tool("click", { tabId, ref: ref(await t.tool("page_snapshot", { tabId }), /option "Egypt"/) });
    },
    done: async (page) => (await data(page, "country")) === "Egypt",
  },
  {
    widget: "date picker (next month, then a day)",
    page: "act-datepicker.html",
    async run(t, tabId) {
      await t.tool("click", { tabId, ref: ref(await t.tool("page_snapshot", { tabId }), /button "Choose date"/) });
      await t.tool("click", { tabId, ref: ref(await t.tool("page_snapshot", { tabId }), /button "Next month"/) });
      await t.tool("click", { tabId, ref: ref(await t.tool("page_snapshot", { tabId }), /button "December 3, 2026"/) });
    },
    done: async (page) => (await data(page, "date")) === "2026-12-03",
  },
  {
    widget: "modal dialog (type to confirm)",
    page: "act-dialog.html",
    async run(t, tabId) {
      await t.tool("click", { tabId, ref: ref(await t.tool("page_snapshot", { tabId }), /button "Delete account"/) });
      const open = await t.tool("page_snapshot", { tabId });
      await t.tool("type", { tabId, ref: ref(open, /textbox "Type DELETE to confirm"/), text: "DELETE" });
      await t.tool("click", { tabId, ref: ref(open, /button "Confirm"/) });
    },
    done: async (page) => (await data(page, "deleted")) === "yes",
  },
  {
    widget: "custom select (listbox)",
    page: "act-select.html",
    async run(t, tabId) {
      await t.tool("click", { tabId, ref: ref(await t.tool("page_snapshot", { tabId }), /button "Size Medium"/) });
      await t.tool("click", { tabId, ref: ref(await t.tool("page_snapshot", { tabId }), /option "Large"/) });
    },
    done: async (page) => (await data(page, "size")) === "Large",
  },
  {
    widget: "sortable list (HTML drag and drop)",
    page: "act-drag.html",
    async run(t, tabId) {
      const delta = ref(await t.tool("find", { tabId, text: "Delta" }), /Delta/);
      const alpha = ref(await t.tool("find", { tabId, text: "Alpha" }), /Alpha/);
      await t.tool("drag", { tabId, ref: delta, to: alpha });
    },
    done: async (page) => (await data(page, "order")) === "Delta,Alpha,Bravo,Charlie",
  },
  {
    widget: "kanban card (pointer-driven drag)",
    page: "act-drag.html",
    async run(t, tabId) {
      const snap = await t.tool("page_snapshot", { tabId });
      await t.tool("drag", { tabId, ref: ref(snap, /button "Write report"/), to: ref(snap, /region "Done"/) });
    },
    done: async (page) => (await data(page, "card")) === "done",
  },
  {
    widget: "listbox driven by the keyboard",
    page: "act-keys.html",
    async run(t, tabId) {
      const list = ref(await t.tool("page_snapshot", { tabId }), /listbox "Fruit"/);
      await t.tool("press_key", { tabId, ref: list, key: "ArrowDown" });
      await t.tool("press_key", { tabId, key: "ArrowDown" });
    },
    done: async (page) => (await data(page, "fruit")) === "Cherry",
  },
  {
    widget: "sign-up form (fill_form, then submit)",
    page: "form.html",
    async run(t, tabId) {
      const snap = await t.tool("page_snapshot", { tabId });
      const fields = [
        { ref: ref(snap, /textbox "Your name"/), value: "Ada" },
        { ref: ref(snap, /combobox "Country"/), value: "Germany" },
        { ref: ref(snap, /checkbox "I accept the terms"/), value: true },
      ];
      await t.tool("fill_form", { tabId, fields });
      await t.tool("click", { tabId, ref: ref(snap, /button "Subscribe"/) });
    },
    done: async (page) => (await page.locator("#result").textContent()) === "Thanks, Ada! (de)",
  },
  ...ACTING_TASKS,
];

interface WidgetResult {
  widget: string;
  succeeded: number;
  runs: number;
  calls: number;
  /** The first failure's message, when a run failed. */
  failure?: string;
  taskMs: number[];
}

interface PageToolsTasksResult {
  widgets: WidgetResult[];
  /** Round trips by tool name, in ms. */
  byTool: Record<string, number[]>;
  /** The same calls split by where their time went (the host's log). */
  splits: CallSplit[];
}

async function runTask(
  m: McpCaller,
  page: Page,
  task: Task,
  url: string,
  byTool: Record<string, number[]>,
  timed: number[] = [],
): Promise<{ ok: boolean; calls: number; ms: number; error?: string }> {
  await page.goto(url);
  const tabId = await m.tabIdOf(url);
  let calls = 0;
  const caller: Caller = {
    async tool(name, args) {
      const r = await m.call(name, args);
      calls++;
      byTool[name] = [...(byTool[name] ?? []), r.ms];
      timed.push(r.seq);
      if (r.isError) throw new Error(`${name}: ${r.text}`);
      return r.text;
    },
  };
  const start = performance.now();
  try {
    await task.run(caller, tabId);
    const ms = performance.now() - start;
    const ok = await task.done(page);
    return { ok, calls, ms, ...(ok ? {} : { error: "the page's state did not change" }) };
  } catch (e) {
    return { ok: false, calls, ms: performance.now() - start, error: e instanceof Error ? e.message : String(e) };
  }
}

async function runPageToolsTasks(rounds = ROUNDS): Promise<PageToolsTasksResult> {
  const site = await startTestSite();
  const m = await openMcpCaller();
  try {
    const page = await m.harness.context.newPage();
    const warm = site.url("act-wrappers.html?warm-up");
    await page.goto(warm);
    // The user allows acting on the test site once, as "Allow on this site"; later calls ask no more.
    const granted = await m.allowSite("hover", {
      tabId: await m.tabIdOf(warm),
      ref: ref((await m.call("page_snapshot", { tabId: await m.tabIdOf(warm) })).text, /tab "Specs"/),
    });
    if (granted.isError) throw new Error(`the warm-up call failed: ${granted.text}`);
    const byTool: Record<string, number[]> = {};
    const timed: number[] = [];
    // Warm-up (script caches, the JIT, the first connection): one untimed round.
    for (const task of TASKS) await runTask(m, page, task, site.url(`${task.page}?warm`), {});
    byTool.list_tabs = [];
    for (let i = 0; i < 50; i++) {
      const r = await m.call("list_tabs", {});
      byTool.list_tabs.push(r.ms);
      timed.push(r.seq);
    }
    const widgets: WidgetResult[] = TASKS.map((t) => ({ widget: t.widget, succeeded: 0, runs: 0, calls: 0, taskMs: [] }));
    for (let round = 0; round < rounds; round++) {
      for (const [i, task] of TASKS.entries()) {
        const r = await runTask(m, page, task, site.url(`${task.page}?round=${round}`), byTool, timed);
        const w = widgets[i]!;
        w.runs++;
        w.calls = r.calls;
        w.taskMs.push(r.ms);
        if (r.ok) w.succeeded++;
        else w.failure ??= r.error;
      }
    }
    const all = await m.splits();
    return { widgets, byTool, splits: timed.map((i) => all[i]!) };
  } finally {
    await m.close();
    await site.close();
  }
}

function pageToolsTasksSection(r: PageToolsTasksResult, machine: string, date: string): string {
  const f = (n: number) => n.toFixed(1);
  const total = r.widgets.reduce((n, w) => n + w.runs, 0);
  const ok = r.widgets.reduce((n, w) => n + w.succeeded, 0);
  const widgetRows = r.widgets
    .map(
      (w) =>
        `| ${w.widget} | ${w.succeeded} / ${w.runs} | ${w.calls} | ${f(quantile(w.taskMs, 0.5))} ms |${w.failure ? ` ${w.failure.replace(/\|/g, "\\|").slice(0, 160)}` : ""} |`,
    )
    .join("\n");
  const all = Object.entries(r.byTool)
    .filter(([name]) => name !== "list_tabs")
    .flatMap(([, ms]) => ms);
  const toolRows = Object.entries(r.byTool)
    .sort(([a], [b]) => (a === "list_tabs" ? 1 : b === "list_tabs" ? -1 : a.localeCompare(b)))
    .map(
      ([name, ms]) =>
        `| \`${name}\`${name === "list_tabs" ? " (no page: the path's floor)" : ""} | ${ms.length} | ${f(quantile(ms, 0.5))} ms | ${f(quantile(ms, 0.95))} ms |`,
    )
    .join("\n");
  return `## Page tools: widget tasks (measured ${date} on ${machine})

\`test/bench/page-tools/tasks.ts\`: a scripted caller does one task per widget page through the browser tools
alone (snapshot or find → ref → act → look again), over MCP with the agent's address and token, so each call
takes the agent's whole path (host → native port → extension → page → back). Headless Debian Chromium, the
e2e build; the user allowed acting on the test site once ("Allow on this site"), so no call waits for a
person. ${r.widgets[0]?.runs ?? 0} rounds after one untimed warm-up round; each run starts on a freshly loaded page, and
succeeds only when the page's own state shows the task done.

| widget | succeeded | tool calls per run | task time, p50 | first failure |
|---|---|---|---|---|
${widgetRows}
| **all** | **${ok} / ${total}** | | | |

Round trip per tool call (MCP request to answer), over all rounds:

| tool | calls | p50 | p95 |
|---|---|---|---|
${toolRows}
| **every page call above** | ${all.length} | **${f(quantile(all, 0.5))} ms** | ${f(quantile(all, 0.95))} ms |

Over the floor (the same path without a page, \`list_tabs\`, in the same run): ${f(quantile(all, 0.5) - quantile(r.byTool.list_tabs ?? [], 0.5))} ms
at the p50, the part the extension and the page add.

${splitSection(r.splits)}
Target: one call's round trip p50 ≤ 15 ms. Load average at the end of the run: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ")} on ${os.cpus().length} cores.
`;
}

/** The part of `npm run bench` (run.ts; the host is built already): builds the e2e extension and the agent, runs, writes BENCHMARKS.md. */
export async function benchPageToolsTasks(machine: string, date: string): Promise<void> {
  const ext = spawnSync("npm", ["run", "build:ext:e2e"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  if (ext.status !== 0) throw new Error("`npm run build:ext:e2e` failed");
  await buildScriptedAgent();
  const text = pageToolsTasksSection(await runPageToolsTasks(), machine, date);
  process.stdout.write(`${text}\n`);
  writeSection("page-tools-tasks", text);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await runPageToolsTasks();
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, ${os.platform()} ${os.release()}`;
  process.stdout.write(pageToolsTasksSection(result, machine, new Date().toISOString().slice(0, 10)));
}
