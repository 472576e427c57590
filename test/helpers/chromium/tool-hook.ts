/**
 * The e2e build's browser-tools hook (extension/browser-tools/test-hook.ts) from a test: run a tool the way
 * the host's tool_call reaches the runner, set the consent stub's answer, read what it was asked, and find
 * refs in a snapshot. For tests about what the tools do in a page; tests about the agent's path and the
 * panel's consent cards go through the scripted agent instead.
 */
import type { Worker } from "playwright-core";
import type { ToolContent } from "../../../shared/browser-tools";

export interface Outcome {
  content: ToolContent[];
  isError?: boolean;
}

export interface Consent {
  kind: string;
  message: string;
  site: string;
  tool: string;
  element?: string;
}

type Hook = {
  run(c: unknown): Promise<Outcome>;
  answer: string;
  consents: Consent[];
};

export function toolHook(worker: () => Worker) {
  return {
    call: (tool: string, args: Record<string, unknown> = {}): Promise<Outcome> =>
      worker().evaluate(
        ({ tool, args }) => (globalThis as unknown as { __gooseBrowserTools: Hook }).__gooseBrowserTools.run({ tool, args }),
        { tool, args },
      ),
    setAnswer: (answer: "allow_once" | "allow_site" | "deny") =>
      worker().evaluate((answer) => {
        (globalThis as unknown as { __gooseBrowserTools: Hook }).__gooseBrowserTools.answer = answer;
      }, answer),
    consents: (): Promise<Consent[]> =>
      worker().evaluate(() => (globalThis as unknown as { __gooseBrowserTools: Hook }).__gooseBrowserTools.consents),
    clearConsents: () =>
      worker().evaluate(() => {
        (globalThis as unknown as { __gooseBrowserTools: Hook }).__gooseBrowserTools.consents = [];
      }),
    tabIdOf: async (url: string): Promise<number> => {
      const id = await worker().evaluate(async (url) => (await chrome.tabs.query({ url }))[0]?.id, url);
      if (id === undefined) throw new Error(`no tab at ${url}`);
      return id;
    },
  };
}

export function outcomeText(o: Outcome): string {
  return o.content.map((c) => (c.type === "text" ? c.text : `[${c.mimeType}]`)).join("\n");
}

/** The ref the snapshot (or find result) gave the line matching `pattern`. */
export function refIn(snapshot: string, pattern: RegExp): string {
  const line = snapshot.split("\n").find((l) => pattern.test(l));
  const ref = line && /\[(e\d+)\]/.exec(line)?.[1];
  if (!ref) throw new Error(`no line matching ${pattern} in:\n${snapshot}`);
  return ref;
}
