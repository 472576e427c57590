/**
 * Requests the extension sent the agent that the agent has not answered yet, by id, so that when the
 * agent goes away each one still gets a definite answer (a JSON-RPC error with its own id text).
 */
import { type JsonScan, memberText, scanJson } from "./json-scan";
import { idKey } from "./rpc-id";

/** Far above anything in flight at once; past it the oldest are forgotten (and then never answered by the host). */
const MAX_PENDING = 10_000;

export class PendingRequests {
  /** idKey → the id's exact text as the extension sent it. */
  private readonly ids = new Map<string, string>();

  constructor(private readonly max = MAX_PENDING) {}

  get size(): number {
    return this.ids.size;
  }

  /** Notes a request forwarded to the agent (`idText` is its id's raw text). */
  add(idText: string): void {
    const key = idKey(idText);
    if (key === undefined) return;
    this.ids.delete(key);
    this.ids.set(key, idText);
    if (this.ids.size > this.max) this.ids.delete(this.ids.keys().next().value as string);
  }

  /** Settles the request an agent line answers, if the line is a response to one. `scan`: the line's, if already made. */
  noteAgentLine(line: Buffer, scan?: JsonScan): void {
    if (this.ids.size === 0) return;
    // Only the top level matters here: tracking keys one level deep keeps this pass cheap on big lines.
    scan ??= scanJson(line, 1);
    if (scan.members.has("method") || !(scan.members.has("result") || scan.members.has("error"))) return;
    const id = memberText(line, scan, "id");
    const key = id === undefined ? undefined : idKey(id);
    if (key !== undefined) this.ids.delete(key);
  }

  /** The id texts of every unanswered request, forgetting them. */
  takeAll(): string[] {
    const all = [...this.ids.values()];
    this.ids.clear();
    return all;
  }
}
