/**
 * Everything the extension's service worker console shows, Chromium's own lines included ("WebSocket
 * connection to '…' failed", CORS refusals: the Log domain, which Playwright's console events do not
 * carry): what a user opening the worker's DevTools would read. Playwright gives no CDP session on a
 * worker, so a page's session attaches to the worker's target and talks to it through
 * Target.sendMessageToTarget.
 */
import type { BrowserContext } from "playwright-core";

export interface WorkerLog {
  lines: string[];
  close(): Promise<void>;
}

export async function watchWorkerLog(context: BrowserContext): Promise<WorkerLog> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const { targetInfos } = (await cdp.send("Target.getTargets")) as { targetInfos: { targetId: string; type: string; url: string }[] };
  const worker = targetInfos.find((t) => t.type === "service_worker" && t.url.startsWith("chrome-extension://"));
  if (!worker) throw new Error("the extension's service worker is not running");
  const { sessionId } = await cdp.send("Target.attachToTarget", { targetId: worker.targetId, flatten: false });
  const lines: string[] = [];
  cdp.on("Target.receivedMessageFromTarget", (event: { message: string }) => {
    const m = JSON.parse(event.message) as {
      method?: string;
      params?: { entry?: { source: string; text: string }; args?: { value?: unknown; description?: string }[] };
    };
    if (m.method === "Log.entryAdded" && m.params?.entry) lines.push(`[${m.params.entry.source}] ${m.params.entry.text}`);
    if (m.method === "Runtime.consoleAPICalled") lines.push((m.params?.args ?? []).map((a) => String(a.value ?? a.description)).join(" "));
  });
  for (const [id, method] of [
    [1, "Log.enable"],
    [2, "Runtime.enable"],
  ] as const) {
    await cdp.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id, method }) });
  }
  return {
    lines,
    close: async () => {
      await cdp.detach().catch(() => {});
      await page.close().catch(() => {});
    },
  };
}
