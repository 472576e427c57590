/** The client state before any event, and a session's state as it is opened. */
import type { SessionConfigOption, SessionModeState } from "../../acp/schema";
import { emptyEntries } from "../conversation/entry-list";
import { emptyToolCalls } from "../conversation/tool-call-map";
import type { ClientState, SessionState } from "../sessions/client-state";
import { emptyQueues, initialSteerState } from "../sessions/queue-state";

export const initialClientState: ClientState = {
  agent: { phase: "offline", info: null, capabilities: null, authMethods: [], error: null },
  activeSessionId: null,
  sessions: {},
  history: { items: [], loading: false, error: null },
  opening: null,
  openings: 0,
  lastError: null,
  elicitations: [],
  forks: {},
  queues: emptyQueues,
  steer: initialSteerState,
  tabs: [],
};

export function newSessionState(
  sessionId: string,
  cwd: string,
  opts: {
    title?: string | null;
    modes?: SessionModeState | null;
    configOptions?: SessionConfigOption[] | null;
    loading?: boolean;
    deniedToolCalls?: string[];
  } = {},
): SessionState {
  return {
    sessionId,
    cwd,
    title: opts.title ?? null,
    updatedAt: null,
    entries: emptyEntries,
    toolCalls: emptyToolCalls,
    compactions: {},
    plan: null,
    usage: null,
    modes: opts.modes ?? null,
    configOptions: opts.configOptions ?? null,
    commands: [],
    permissions: [],
    turn: "idle",
    lastStop: null,
    loading: opts.loading ?? false,
    replaySeen: false,
    deniedToolCalls: opts.deniedToolCalls ?? [],
    error: null,
    seq: 0,
  };
}
