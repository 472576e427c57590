/**
 * The mode and model pickers before the first prompt. ACP offers settings per session, and a session
 * made only to read them would be a throwaway one in the agent's history; so each new session's
 * settings are remembered per agent, the panel shows them while there is no session yet, and what the
 * user picks there is applied to the next session as it is created (before its first prompt runs,
 * while the session is still held as loading). Shared by the panel (shows, records picks) and the
 * background (records, applies).
 */

import { storage } from "wxt/utils/storage";
import type { SessionConfigOption, SessionModeState } from "../acp/schema";

export type WantedSetting = { configId: string; value: string | boolean } | { modeId: string };

export interface SessionDefaults {
  /** The settings the agent's last new session started with. */
  configOptions: SessionConfigOption[] | null;
  modes: SessionModeState | null;
  /** Picked before there was a session: applied to the next new session, then cleared. */
  wanted: WantedSetting[];
}

type DefaultsItem = ReturnType<typeof defineDefaultsItem>;
let item: DefaultsItem | null = null;

function defineDefaultsItem() {
  return storage.defineItem<Record<string, SessionDefaults>>("local:goose.sessionDefaults", { fallback: {} });
}

/**
 * By agent name (agentInfo.name): another agent offers other settings. Defined on first use, so that
 * importing the session code where there is no extension storage (the controller's Node tests) costs nothing.
 */
export function sessionDefaultsItem(): DefaultsItem {
  item ??= defineDefaultsItem();
  return item;
}

/** Adds (or replaces) one pick. */
export function withWanted(list: readonly WantedSetting[], pick: WantedSetting): WantedSetting[] {
  const same = (w: WantedSetting) => ("modeId" in pick ? "modeId" in w : "configId" in w && w.configId === pick.configId);
  return [...list.filter((w) => !same(w)), pick];
}

/** The remembered settings as the next session will have them: each pick applied to its option. Pure. */
export function previewSettings(d: SessionDefaults): { configOptions: SessionConfigOption[] | null; modes: SessionModeState | null } {
  const configOptions =
    d.configOptions?.map((o) => {
      const pick = d.wanted.find((w) => "configId" in w && w.configId === o.id) as { value: string | boolean } | undefined;
      if (!pick) return o;
      if (o.type === "boolean" && typeof pick.value === "boolean") return { ...o, currentValue: pick.value };
      if (o.type === "select" && typeof pick.value === "string") return { ...o, currentValue: pick.value };
      return o;
    }) ?? null;
  const mode = d.wanted.find((w) => "modeId" in w) as { modeId: string } | undefined;
  const modes = d.modes && mode ? { ...d.modes, currentModeId: mode.modeId } : d.modes;
  return { configOptions, modes };
}
