/**
 * Each open session's folders, as the host sees them go by: the `cwd` and `additionalDirectories` of
 * the extension's `session/new`, `session/load`, `session/resume` and `session/fork`, bound to the
 * session once the agent's answer names it (a new or forked session's id comes in the answer). Pure.
 */
import type { JsonRpcId, JsonRpcMessage } from "../../shared/host-protocol";

const OPENING: ReadonlySet<string> = new Set(["session/new", "session/load", "session/resume", "session/fork"]);

interface Opening {
  sessionId?: string;
  folders: string[];
}

export class SessionFolders {
  private readonly opening = new Map<JsonRpcId, Opening>();
  private readonly open = new Map<string, string[]>();

  /** A request from the extension, as forwarded to the agent (its params read: policy.ts PARAMS_READ_FOR). */
  fromExtension(m: JsonRpcMessage): { deleted?: string } {
    if (m.method === undefined || m.id === undefined) return {};
    const params = (typeof m.params === "object" && m.params !== null ? m.params : {}) as Record<string, unknown>;
    if (OPENING.has(m.method)) {
      const folders = [params.cwd, ...(Array.isArray(params.additionalDirectories) ? params.additionalDirectories : [])].filter(
        (f): f is string => typeof f === "string" && f.length > 0,
      );
      // A fork names its source session; the new one's id comes in the answer.
      const named = m.method === "session/load" || m.method === "session/resume";
      const sessionId = named && typeof params.sessionId === "string" ? params.sessionId : undefined;
      this.opening.set(m.id, { ...(sessionId ? { sessionId } : {}), folders });
    } else if (m.method === "session/close" && typeof params.sessionId === "string") this.open.delete(params.sessionId);
    else if (m.method === "session/delete" && typeof params.sessionId === "string") {
      this.open.delete(params.sessionId);
      return { deleted: params.sessionId };
    }
    return {};
  }

  /** Whether an agent message with this head answers an opening (the relay then parses it in full). */
  watches(head: { id?: JsonRpcId; method?: string }): boolean {
    return head.method === undefined && head.id !== undefined && head.id !== null && this.opening.has(head.id);
  }

  /** An agent message, parsed when `watches` said so. */
  fromAgent(m: JsonRpcMessage | undefined): void {
    if (!m || m.method !== undefined || m.id === undefined || m.id === null) return;
    const opening = this.opening.get(m.id);
    if (!opening) return;
    this.opening.delete(m.id);
    if (m.result === undefined) return;
    const id = opening.sessionId ?? (m.result as { sessionId?: unknown } | null)?.sessionId;
    if (typeof id === "string") this.open.set(id, opening.folders);
  }

  /** The session's folders; undefined for a session not opened through this host with this agent. */
  foldersOf(sessionId: string): readonly string[] | undefined {
    return this.open.get(sessionId);
  }

  /** The agent stopped: its sessions are gone. */
  reset(): void {
    this.opening.clear();
    this.open.clear();
  }
}
