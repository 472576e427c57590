/**
 * The panel's reactive view of the background's state. Each batch of events is applied with the
 * shared reducer, then projected once onto narrow signals; a signal notifies only when its value's
 * identity changes, and the reducer keeps identity for everything an event did not touch. So a
 * streamed chunk wakes only the one entry signal it changed: the message list itself is not
 * re-rendered. The projection of the transcript costs what changed, not the transcript's length
 * (projectEntries).
 */
import { batch, type Signal, signal } from "@preact/signals";
import type { AppEvent, AppState } from "../state/app";
import { reduceApp } from "../state/app";
import { queueOf } from "../state/client-reducer/queue";
import { activeSession } from "../state/client-reducer/selectors";
import { steerWay } from "../state/client-reducer/steering";
import { type EntryList, emptyEntries, entryArray, entryAt, entryCount } from "../state/conversation/entry-list";
import { emptyToolCalls, type ToolCallMap } from "../state/conversation/tool-call-map";
import type { Entry, SessionState, ToolCallState } from "../state/sessions/client-state";
import type { SessionQueue } from "../state/sessions/queue-state";

/** The latest full state (not a signal: reading it must not subscribe a component to everything). */
let current: AppState | null = null;

export const backgroundLinked = signal(false);
export const connection = signal<AppState["connection"] | null>(null);
export const agent = signal<AppState["client"]["agent"] | null>(null);
export const history = signal<AppState["client"]["history"] | null>(null);
export const opening = signal<AppState["client"]["opening"]>(null);
export const openings = signal(0);
export const lastError = signal<AppState["client"]["lastError"]>(null);
/** Browser tools: the switch, consent questions, recent calls (tool cards read it through selectors). */
export const browserTools = signal<AppState["tools"] | null>(null);
/** The agent's file edits, every session's (state/file-edits/). */
export const fileEdits = signal<AppState["edits"] | null>(null);
/** goose's extensions and recipes (state/goose/goose-features.ts). */
export const gooseFeatures = signal<AppState["goose"] | null>(null);
/** The agent's questions waiting for the user, and the forks made in this browser. */
export const elicitations = signal<AppState["client"]["elicitations"]>([]);
export const forks = signal<AppState["client"]["forks"]>({});
/** Every session kept in memory (for "turn running elsewhere" hints), by id. */
export const sessions = signal<AppState["client"]["sessions"]>({});
/** The open session tabs, in order. */
export const tabs = signal<AppState["client"]["tabs"]>([]);

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
  /** Messages waiting for the turn to end (null: none). */
  queue: signal<SessionQueue | null>(null),
  /** Whether a message can join the running turn now (steer). */
  steerable: signal(false),
  /** The session's context compactions by id (their entries in the transcript name them). */
  compactions: signal<SessionState["compactions"]>({}),
};

/** Ids of the active session's entries; replaced only when an entry is added or the session changes. */
export const entryIds = signal<readonly string[]>([]);
const entrySignals = new Map<string, Signal<Entry>>();
const toolSignals = new Map<string, Signal<ToolCallState>>();
let projectedEntries: EntryList | null = null;
let projectedSession: string | null = null;
let projectedTools: ToolCallMap | null = null;

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

/** A batch from the background: reduced one by one, projected once. */
export function applyEvents(events: readonly AppEvent[]): void {
  if (!current) return;
  let next = current;
  for (const event of events) next = reduceApp(next, event);
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
    openings.value = c.openings;
    lastError.value = c.lastError;
    sessions.value = c.sessions;
    tabs.value = c.tabs;
    elicitations.value = c.elicitations;
    forks.value = c.forks;
    browserTools.value = state.tools;
    fileEdits.value = state.edits;
    gooseFeatures.value = state.goose;
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
    active.queue.value = queueOf(c, s?.sessionId ?? null);
    active.steerable.value = steerWay(c, s?.sessionId ?? null) !== null;
    active.compactions.value = s?.compactions ?? NO_COMPACTIONS;
    projectTools(s?.toolCalls ?? null);
    projectEntries(s?.sessionId ?? null, s?.entries ?? null);
  });
}

const EMPTY: never[] = [];
const NO_COMPACTIONS: SessionState["compactions"] = {};

function projectEntries(sessionId: string | null, entries: EntryList | null): void {
  if (entries === projectedEntries) return;
  const previous = projectedEntries ?? emptyEntries;
  const sameSession = sessionId === projectedSession;
  projectedSession = sessionId;
  projectedEntries = entries;
  const list = entries ?? emptyEntries;
  const kept = sameSession ? unchangedPrefix(previous, list) : -1;
  if (kept < 0) {
    projectAll(list);
    return;
  }
  // The reducer only replaces the last entries of a session's list and appends to it, so only the
  // entries after the unchanged prefix need their signals set, and the id list grows by the new ones.
  const shown = entryCount(previous);
  const count = entryCount(list);
  for (let i = kept; i < count; i++) setEntrySignal(entryAt(list, i)!);
  if (count > shown) {
    const added: string[] = [];
    for (let i = shown; i < count; i++) added.push(entryAt(list, i)!.id);
    entryIds.value = entryIds.value.concat(added);
  }
}

/**
 * How many leading entries are the very same objects in both lists, found from the end: the walk
 * stops at the first entry (from the back) both lists share. -1 when `next` is not `previous` with
 * its tail changed or extended (shorter, or a different first entry): then everything is projected.
 */
function unchangedPrefix(previous: EntryList, next: EntryList): number {
  const length = entryCount(previous);
  if (entryCount(next) < length) return -1;
  if (length === 0) return 0;
  if (entryAt(next, 0)!.id !== entryAt(previous, 0)!.id) return -1;
  let i = length;
  while (i > 0 && entryAt(next, i - 1) !== entryAt(previous, i - 1)) {
    if (entryAt(next, i - 1)!.id !== entryAt(previous, i - 1)!.id) return -1;
    i--;
  }
  return i;
}

function setEntrySignal(e: Entry): void {
  const sig = entrySignals.get(e.id);
  if (!sig) entrySignals.set(e.id, signal(e));
  else if (sig.value !== e) sig.value = e;
}

/** Another session, or a transcript that was not only extended: every signal and the id list afresh. */
function projectAll(entries: EntryList): void {
  const list = entryArray(entries);
  for (const e of list) setEntrySignal(e);
  const ids = list.map((e) => e.id);
  const shown = entryIds.value;
  if (shown.length !== ids.length || ids.some((id, i) => id !== shown[i])) entryIds.value = ids;
  if (entrySignals.size > ids.length) {
    const keep = new Set(ids);
    for (const id of entrySignals.keys()) if (!keep.has(id)) entrySignals.delete(id);
  }
}

/**
 * The tool signals follow the shown map bucket by bucket: a bucket that is the same object holds the
 * same cards (the map is never mutated, whichever session it belongs to), so only changed buckets are
 * read, their cards set and their vanished ids dropped. The signals always hold exactly the shown cards.
 */
function projectTools(tools: ToolCallMap | null): void {
  if (tools === projectedTools) return;
  const previous = projectedTools ?? emptyToolCalls;
  projectedTools = tools;
  const next = tools ?? emptyToolCalls;
  next.buckets.forEach((bucket, b) => {
    const before = previous.buckets[b] ?? {};
    if (bucket === before) return;
    for (const [id, t] of Object.entries(bucket)) {
      const sig = toolSignals.get(id);
      if (!sig) toolSignals.set(id, signal(t));
      else if (sig.value !== t) sig.value = t;
    }
    for (const id of Object.keys(before)) if (!Object.hasOwn(bucket, id)) toolSignals.delete(id);
  });
}

/** How many entry and tool-call signals are held (they must follow the shown session, not pile up). */
export function projectionSize(): { entries: number; tools: number } {
  return { entries: entrySignals.size, tools: toolSignals.size };
}
