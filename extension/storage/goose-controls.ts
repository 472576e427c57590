/**
 * Which of goose's session controls each agent release serves (background/client/goose-methods.ts),
 * by agent name and version: asked once per release.
 */
import { storage } from "wxt/utils/storage";
import type { GooseControl } from "../state/connection/goose-controls";

type ControlMap = Record<string, GooseControl[]>;

/** What the client controller needs (tests give it an in-memory one). */
export interface GooseControlStorage {
  get(agent: string): Promise<GooseControl[] | undefined>;
  set(agent: string, served: GooseControl[]): Promise<void>;
}

/** A few releases at most: an agent is updated, rarely downgraded. */
const MAX_REMEMBERED = 20;

const controlsItem = storage.defineItem<ControlMap>("local:goose.gooseControlsServedBy", { fallback: {} });

export const storedGooseControls: GooseControlStorage = {
  async get(agent) {
    const served = (await controlsItem.getValue())[agent];
    return Array.isArray(served) ? served : undefined;
  },
  async set(agent, served) {
    const { [agent]: _old, ...rest } = await controlsItem.getValue();
    const entries = [...Object.entries(rest), [agent, served] as const];
    await controlsItem.setValue(Object.fromEntries(entries.slice(Math.max(0, entries.length - MAX_REMEMBERED))));
  },
};
