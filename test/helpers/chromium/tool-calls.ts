/**
 * Calling the browser tools in the e2e build the way the host's tool_call does: through the runner the
 * service worker exposes (with a consent stub that records each question and answers as the test says).
 */
import type { ToolContent } from "../../../shared/browser-tools";
import type { Harness } from "./harness";

export interface Outcome {
  content: ToolContent[];
  isError?: boolean;
}

type Hook = { run(c: unknown): Promise<Outcome>; answer: string; consents: unknown[] };

export function toolCaller(h: Harness) {
  return {
    call(tool: string, args: Record<string, unknown> = {}): Promise<Outcome> {
      return h.worker.evaluate(
        ({ tool, args }) => (globalThis as unknown as { __gooseBrowserTools: Hook }).__gooseBrowserTools.run({ tool, args }),
        { tool, args },
      );
    },
    async answer(answer: "allow_once" | "allow_site" | "deny"): Promise<void> {
      await h.worker.evaluate((answer) => {
        (globalThis as unknown as { __gooseBrowserTools: Hook }).__gooseBrowserTools.answer = answer;
      }, answer);
    },
    /** The consent questions asked so far, in order. */
    consents(): Promise<Array<{ kind: string; message: string }>> {
      return h.worker.evaluate(
        () =>
          (globalThis as unknown as { __gooseBrowserTools: Hook }).__gooseBrowserTools.consents as Array<{ kind: string; message: string }>,
      );
    },
    async tabIdOf(url: string): Promise<number> {
      const id = await h.worker.evaluate(async (url) => (await chrome.tabs.query({ url }))[0]?.id, url);
      if (id === undefined) throw new Error(`no tab at ${url}`);
      return id;
    },
  };
}

export function outcomeText(o: Outcome): string {
  return o.content.map((c) => (c.type === "text" ? c.text : `[${c.mimeType}]`)).join("\n");
}

/** The ref on the line matching `pattern` (a frame's ref too: `f2e12`). */
export function refIn(snapshot: string, pattern: RegExp): string {
  const line = snapshot.split("\n").find((l) => pattern.test(l));
  const ref = line && /\[((?:f\d+)?e\d+)\]/.exec(line)?.[1];
  if (!ref) throw new Error(`no line matching ${pattern} in:\n${snapshot}`);
  return ref;
}
