/**
 * Which of goose's session controls each agent release serves (background/client/goose-methods.ts),
 * by agent name and version: asked once per release, and again for controls a newer host lets pass.
 */
import { storage } from "wxt/utils/storage";
import type { GooseControl } from "../state/connection/goose-controls";

/** `served`: what the release answered as its own; `asked`: every control it was asked about. */
export interface LearnedControls {
  served: GooseControl[];
  asked: GooseControl[];
}

type ControlMap = Record<string, LearnedControls | GooseControl[]>;

/** What the client controller needs (tests give it an in-memory one). */
export interface GooseControlStorage {
  get(agent: string): Promise<LearnedControls | undefined>;
  set(agent: string, learned: LearnedControls): Promise<void>;
}

/** A few releases at most: an agent is updated, rarely downgraded. */
const MAX_REMEMBERED = 20;
/** The controls asked about before the record said which were asked. */
const FIRST_CONTROLS: GooseControl[] = ["rename", "archive", "unarchive", "workingDir"];

const controlsItem = storage.defineItem<ControlMap>("local:goose.gooseControlsServedBy", { fallback: {} });

export const storedGooseControls: GooseControlStorage = {
  async get(agent) {
    const learned = (await controlsItem.getValue())[agent];
    if (Array.isArray(learned)) return { served: learned, asked: FIRST_CONTROLS };
    return learned && Array.isArray(learned.served) && Array.isArray(learned.asked) ? learned : undefined;
  },
  async set(agent, learned) {
    const { [agent]: _old, ...rest } = await controlsItem.getValue();
    const entries = [...Object.entries(rest), [agent, learned] as const];
    await controlsItem.setValue(Object.fromEntries(entries.slice(Math.max(0, entries.length - MAX_REMEMBERED))));
  },
};
