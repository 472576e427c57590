/**
 * Sessions start in a mode that asks before tools run: page content is untrusted input, and goose's
 * default `auto` runs tools unasked. Prefers config options over the older modes API (the spec says
 * modes will be removed), and never touches a session that is already where the user wants it.
 */
import type { SessionConfigOption, SessionModeState } from "../../acp/schema";

export const DEFAULT_APPROVAL_MODE = "approve";

export type ModeChange = { kind: "config"; configId: string; value: string } | { kind: "mode"; modeId: string };

/** The agent's mode as a config option (goose: id "mode", category "mode"), if it offers one. */
function modeOption(configOptions: SessionConfigOption[] | null | undefined) {
  const option = configOptions?.find((o) => o.type === "select" && (o.category === "mode" || o.id === "mode"));
  return option?.type === "select" ? option : undefined;
}

export function modeChangeTo(
  wanted: string,
  configOptions: SessionConfigOption[] | null | undefined,
  modes: SessionModeState | null | undefined,
): ModeChange | null {
  const option = modeOption(configOptions);
  if (option) {
    const values = option.options.flatMap((o) => ("options" in o ? o.options.map((x) => x.value) : [o.value]));
    if (!values.includes(wanted)) return null;
    return option.currentValue === wanted ? null : { kind: "config", configId: option.id, value: wanted };
  }
  if (modes?.availableModes.some((m) => m.id === wanted)) {
    return modes.currentModeId === wanted ? null : { kind: "mode", modeId: wanted };
  }
  return null;
}

/** The session's current mode as the user sees it (config option first, then modes). */
export function currentMode(
  configOptions: SessionConfigOption[] | null | undefined,
  modes: SessionModeState | null | undefined,
): string | null {
  return modeOption(configOptions)?.currentValue ?? modes?.currentModeId ?? null;
}
