/**
 * The session's settings as the agent offers them: config options in the agent's order (select and
 * boolean), the mode and model ones in view and the rest under "More"; the older modes API only
 * when there are no config options. Before there is a session, the settings the agent's last new
 * session offered (storage/session-defaults.ts): a pick there is applied to the session the
 * first prompt creates.
 */

import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import type { SessionConfigOption, SessionModeState } from "../../acp/schema";
import { previewSettings, type SessionDefaults, sessionDefaultsItem, type WantedSetting, withWanted } from "../../storage/session-defaults";
import { send } from "../../view/background-link";
import { active, activeSessionId, agent, opening } from "../../view/state-signals";
import { Icon } from "../icons";
import { FittedSelect } from "./fitted-select";
import { usePopover } from "./popover";

const PRIMARY = new Set(["mode", "model"]);

function isPrimary(o: SessionConfigOption): boolean {
  return PRIMARY.has(o.category ?? "") || PRIMARY.has(o.id);
}

interface Settings {
  configOptions: SessionConfigOption[] | null;
  modes: SessionModeState | null;
  setConfig(configId: string, value: string | boolean): void;
  setMode(modeId: string): void;
}

export function ConfigPickers() {
  const sessionId = activeSessionId.value;
  const agentName = agent.value?.phase === "ready" ? (agent.value.info?.name ?? null) : null;
  const remembered = useRemembered(sessionId ? null : agentName);
  // Changing a setting needs the agent: while it is down the choice could not be made, only shown.
  const disabled = agent.value?.phase !== "ready" || active.turn.value === "cancelling";
  if (sessionId) {
    return (
      <Pickers
        disabled={disabled}
        settings={{
          configOptions: active.configOptions.value,
          modes: active.modes.value,
          setConfig: (configId, value) => send({ type: "set_config_option", sessionId, configId, value }),
          setMode: (modeId) => send({ type: "set_mode", sessionId, modeId }),
        }}
      />
    );
  }
  if (!remembered || !agentName) return null;
  const pick = (w: WantedSetting) =>
    void sessionDefaultsItem()
      .getValue()
      .then((all) => {
        const mine = all[agentName];
        if (mine) return sessionDefaultsItem().setValue({ ...all, [agentName]: { ...mine, wanted: withWanted(mine.wanted, w) } });
      });
  return (
    <Pickers
      // While the first prompt's session is being created its picks have been read already: a later one would be lost.
      disabled={disabled || opening.value !== null}
      settings={{
        ...previewSettings(remembered),
        setConfig: (configId, value) => pick({ configId, value }),
        setMode: (modeId) => pick({ modeId }),
      }}
    />
  );
}

/** The agent's remembered new-session settings, kept current as they change in storage. */
function useRemembered(agentName: string | null): SessionDefaults | null {
  const [value, setValue] = useState<SessionDefaults | null>(null);
  useEffect(() => {
    if (!agentName) return setValue(null);
    let live = true;
    void sessionDefaultsItem()
      .getValue()
      .then((all) => live && setValue(all[agentName] ?? null));
    const unwatch = sessionDefaultsItem().watch((all) => setValue(all?.[agentName] ?? null));
    return () => {
      live = false;
      unwatch();
    };
  }, [agentName]);
  return value;
}

function Pickers({ settings, disabled }: { settings: Settings; disabled: boolean }) {
  const options = (settings.configOptions ?? []).filter((o) => o.type === "select" || o.type === "boolean");
  const modes = settings.modes;
  if (options.length === 0) {
    if (!modes || modes.availableModes.length === 0) return null;
    const chosenMode = modes.availableModes.find((m) => m.id === modes.currentModeId)?.name ?? "";
    return (
      <div class="pickers">
        <label class="picker" title={`Mode: ${chosenMode}`}>
          <FittedSelect
            chosen={chosenMode}
            aria-label="Mode"
            disabled={disabled}
            value={modes.currentModeId}
            onChange={(e) => settings.setMode((e.target as HTMLSelectElement).value)}
          >
            {modes.availableModes.map((m) => (
              <option key={m.id} value={m.id} title={m.description ?? undefined}>
                {m.name}
              </option>
            ))}
          </FittedSelect>
        </label>
      </div>
    );
  }
  const primary = options.filter(isPrimary);
  const more = options.filter((o) => !isPrimary(o));
  return (
    <div class="pickers">
      {primary.map((o) => (
        <Picker key={o.id} option={o} compact disabled={disabled} onChange={(v) => settings.setConfig(o.id, v)} />
      ))}
      {more.length > 0 && (
        <MoreOptions closeWhen={agent.value?.phase !== "ready"}>
          {more.map((o) => (
            <Picker key={o.id} option={o} disabled={disabled} onChange={(v) => settings.setConfig(o.id, v)} />
          ))}
        </MoreOptions>
      )}
    </div>
  );
}

/**
 * The less used settings. They open above the composer, over the transcript's end (never over the
 * composer, whose Send and Attach buttons must stay reachable), and close on a click elsewhere,
 * on Escape, and when the agent stops (its settings can no longer be changed then).
 */
function MoreOptions({ closeWhen, children }: { closeWhen: boolean; children: ComponentChildren }) {
  const { open, setOpen, box, toggle } = usePopover<HTMLFieldSetElement>(closeWhen);
  return (
    <>
      <button
        ref={toggle}
        type="button"
        class="icon-button"
        aria-label="More settings"
        title="More settings"
        aria-expanded={open}
        aria-controls="more-settings"
        onClick={() => setOpen(!open)}
      >
        <Icon name="options" size={16} />
      </button>
      {open && (
        <fieldset ref={box} id="more-settings" class="pickers__extra" aria-label="More settings">
          {children}
        </fieldset>
      )}
    </>
  );
}

/** One setting; `compact` (the composer's row) names a select only on hover and to screen readers. */
function Picker({
  option,
  compact = false,
  disabled,
  onChange,
}: {
  option: SessionConfigOption;
  compact?: boolean;
  disabled: boolean;
  onChange(value: string | boolean): void;
}) {
  if (option.type === "boolean") {
    return (
      <label class="picker" title={option.description ?? undefined}>
        <input
          type="checkbox"
          disabled={disabled}
          checked={option.currentValue}
          onChange={(e) => onChange((e.target as HTMLInputElement).checked)}
        />
        <span class="picker__label">{option.name}</span>
      </label>
    );
  }
  if (option.type !== "select") return null;
  const chosen = currentName(option);
  const hint = `${option.name}: ${chosen}${option.description ? ` (${option.description})` : ""}`;
  return (
    <label class="picker" title={hint}>
      {!compact && <span class="picker__label">{option.name}</span>}
      <FittedSelect
        chosen={chosen}
        fit={compact}
        aria-label={option.name}
        disabled={disabled}
        value={option.currentValue}
        onChange={(e) => onChange((e.target as HTMLSelectElement).value)}
      >
        {option.options.map((o) =>
          "options" in o ? (
            <optgroup key={o.group} label={o.name}>
              {o.options.map((c) => (
                <option key={c.value} value={c.value} title={c.description ?? undefined}>
                  {c.name}
                </option>
              ))}
            </optgroup>
          ) : (
            <option key={o.value} value={o.value} title={o.description ?? undefined}>
              {o.name}
            </option>
          ),
        )}
      </FittedSelect>
    </label>
  );
}

/** The name of a select option's current value, looked up through its groups. */
function currentName(option: SessionConfigOption & { type: "select" }): string {
  for (const o of option.options) {
    const found = "options" in o ? o.options.find((c) => c.value === option.currentValue) : o.value === option.currentValue ? o : null;
    if (found) return found.name;
  }
  return String(option.currentValue);
}
