/**
 * The panel's reactive view of the background's state. Each event is applied with the shared
 * reducer, then projected onto narrow signals; a signal notifies only when its value's identity
 * changes, and the reducer keeps identity for everything an event did not touch. So a streamed
 * chunk wakes only the one entry signal it changed: the message list itself is not re-rendered.
 */
import { batch, type Signal, signal } from "@preact/signals";
import type { AppEvent, AppState } from "../state/app";
import { reduceApp } from "../state/app";
import { activeSession } from "../state/client-reducer";
import type { Entry, SessionState, ToolCallState } from "../state/client-state";

/** The latest full state (not a signal: reading it must not subscribe a component to everything). */
let current: AppState | null = null;

export const backgroundLinked = signal(false);
export const connection = signal<AppState["connection"] | null>(null);
export const agent = signal<AppState["client"]["agent"] | null>(null);
export const history = signal<AppState["client"]["history"] | null>(null);
export const opening = signal<AppState["client"]["opening"]>(null);
export const lastError = signal<AppState["client"]["lastError"]>(null);
/** Browser tools: the switch, consent questions, recent calls (tool cards read it through selectors). */
export const browserTools = signal<AppState["tools"] | null>(null);
/** Every session kept in memory (for "turn running elsewhere" hints), by id. */
export const sessions = signal<AppState["client"]["sessions"]>({});

export const activeSessionId = signal<string | null>(null);
/** Fields of the active session, each its own signal. */
export const active = {
  title: signal<string | null>(null),
  turn: signal<SessionState["turn"]>("idle"),
  loading: signal(false),
  lastStop: signal<SessionState["lastStop"]>(null),
  error: signal<SessionState["error"]>(null),
  plan: signal<SessionState["plan"]>(null),
  usage: signal<SessionState["usage"]>(null),
  modes: signal<SessionState["modes"]>(null),
  configOptions: signal<SessionState["configOptions"]>(null),
  commands: signal<SessionState["commands"]>([]),
  permissions: signal<SessionState["permissions"]>([]),
};

/** Ids of the active session's entries; replaced only when an entry is added or the session changes. */
export const entryIds = signal<readonly string[]>([]);
const entrySignals = new Map<string, Signal<Entry>>();
const toolSignals = new Map<string, Signal<ToolCallState>>();
let projectedEntries: readonly Entry[] | null = null;
let projectedSession: string | null = null;
let projectedTools: SessionState["toolCalls"] | null = null;

export function entrySignal(id: string): Signal<Entry> | undefined {
  return entrySignals.get(id);
}

export function toolCallSignal(id: string): Signal<ToolCallState> | undefined {
  return toolSignals.get(id);
}

export function appState(): AppState | null {
  return current;
}

export function applySnapshot(state: AppState): void {
  current = state;
  project(state);
}

export function applyEvent(event: AppEvent): void {
  if (!current) return;
  const next = reduceApp(current, event);
  if (next === current) return;
  current = next;
  project(next);
}

function project(state: AppState): void {
  batch(() => {
    connection.value = state.connection;
    const c = state.client;
    agent.value = c.agent;
    history.value = c.history;
    opening.value = c.opening;
    lastError.value = c.lastError;
    sessions.value = c.sessions;
    browserTools.value = state.tools;
    const s = activeSession(c);
    activeSessionId.value = s?.sessionId ?? null;
    active.title.value = s?.title ?? null;
    active.turn.value = s?.turn ?? "idle";
    active.loading.value = s?.loading ?? false;
    active.lastStop.value = s?.lastStop ?? null;
    active.error.value = s?.error ?? null;
    active.plan.value = s?.plan ?? null;
    active.usage.value = s?.usage ?? null;
    active.modes.value = s?.modes ?? null;
    active.configOptions.value = s?.configOptions ?? null;
    active.commands.value = s?.commands ?? EMPTY;
    active.permissions.value = s?.permissions ?? EMPTY;
    projectTools(s?.toolCalls ?? null);
    projectEntries(s?.sessionId ?? null, s?.entries ?? null);
  });
}

const EMPTY: never[] = [];

function projectEntries(sessionId: string | null, entries: readonly Entry[] | null): void {
  if (entries === projectedEntries) return;
  const sameSession = sessionId === projectedSession;
  projectedSession = sessionId;
  projectedEntries = entries;
  const list = entries ?? EMPTY;
  // Entry objects the reducer did not touch are identical, so this is a pointer walk.
  for (const e of list) {
    const sig = entrySignals.get(e.id);
    if (!sig) entrySignals.set(e.id, signal(e));
    else if (sig.value !== e) sig.value = e;
  }
  const shown = entryIds.value;
  // Entries are only ever appended to a session's list, so equal ends mean equal lists.
  const sameIds =
    sameSession &&
    shown.length === list.length &&
    (list.length === 0 || (shown[0] === list[0]!.id && shown[shown.length - 1] === list[list.length - 1]!.id));
  if (!sameIds) {
    const ids = list.map((e) => e.id);
    entryIds.value = ids;
    if (entrySignals.size > ids.length) {
      const keep = new Set(ids);
      for (const id of entrySignals.keys()) if (!keep.has(id)) entrySignals.delete(id);
    }
  }
}

function projectTools(tools: SessionState["toolCalls"] | null): void {
  if (tools === projectedTools) return;
  projectedTools = tools;
  const list = tools ?? {};
  for (const [id, t] of Object.entries(list)) {
    const sig = toolSignals.get(id);
    if (!sig) toolSignals.set(id, signal(t));
    else if (sig.value !== t) sig.value = t;
  }
  // A session's tool calls are only ever added, so more signals than calls means another session was shown.
  if (toolSignals.size > Object.keys(list).length) {
    for (const id of toolSignals.keys()) if (!Object.hasOwn(list, id)) toolSignals.delete(id);
  }
}

/** How many entry and tool-call signals are held (they must follow the shown session, not pile up). */
export function projectionSize(): { entries: number; tools: number } {
  return { entries: entrySignals.size, tools: toolSignals.size };
}
