/** What the page-tools bench's tasks are made of: a caller of the tools, a task, and reading refs and the page's state. */
import type { Page } from "playwright-core";

/** What a task may do: call a tool (an error ends the task), and find a ref in what came back. */
export interface Caller {
  tool(name: string, args: Record<string, unknown>): Promise<string>;
}

export interface Task {
  widget: string;
  page: string;
  run(t: Caller, tabId: number): Promise<void>;
  /** The page's own state says the task is done. */
  done(page: Page): Promise<boolean>;
}

export function ref(text: string, pattern: RegExp): string {
  const line = text.split("\n").find((l) => pattern.test(l));
  const found = line && /\[(e\d+)\]/.exec(line)?.[1];
  if (!found) throw new Error(`no element matching ${pattern}`);
  return found;
}

export const data = (page: Page, key: string) => page.evaluate((k) => document.body.dataset[k] ?? null, key);
