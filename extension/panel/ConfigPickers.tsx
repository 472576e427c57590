/**
 * The session's settings as the agent offers them: config options in the agent's order (select and
 * boolean), the mode and model ones in view and the rest under "More"; the older modes API only
 * when there are no config options.
 */
import type { SessionConfigOption } from "@agentclientprotocol/sdk";
import { send } from "../view/background-link";
import { active, activeSessionId, agent } from "../view/store";

const PRIMARY = new Set(["mode", "model"]);

function isPrimary(o: SessionConfigOption): boolean {
  return PRIMARY.has(o.category ?? "") || PRIMARY.has(o.id);
}

export function ConfigPickers() {
  const sessionId = activeSessionId.value;
  const options = (active.configOptions.value ?? []).filter((o) => o.type === "select" || o.type === "boolean");
  const modes = active.modes.value;
  if (!sessionId) return null;
  // Changing a setting needs the agent: while it is down the choice could not be made, only shown.
  const disabled = agent.value?.phase !== "ready" || active.turn.value === "cancelling";
  if (options.length === 0) {
    if (!modes || modes.availableModes.length === 0) return null;
    return (
      <div class="pickers">
        <label class="picker">
          <span class="picker__label">Mode</span>
          <select
            aria-label="Mode"
            disabled={disabled}
            value={modes.currentModeId}
            onChange={(e) => send({ type: "set_mode", sessionId, modeId: (e.target as HTMLSelectElement).value })}
          >
            {modes.availableModes.map((m) => (
              <option key={m.id} value={m.id} title={m.description ?? undefined}>
                {m.name}
              </option>
            ))}
          </select>
        </label>
      </div>
    );
  }
  const primary = options.filter(isPrimary);
  const more = options.filter((o) => !isPrimary(o));
  return (
    <div class="pickers">
      {primary.map((o) => (
        <Picker key={o.id} sessionId={sessionId} option={o} disabled={disabled} />
      ))}
      {more.length > 0 && (
        <details class="pickers__more">
          <summary>More</summary>
          <div class="pickers__popover">
            {more.map((o) => (
              <Picker key={o.id} sessionId={sessionId} option={o} disabled={disabled} />
            ))}
          </div>
        </details>
      )}
    </div>
  );
}

function Picker({ sessionId, option, disabled }: { sessionId: string; option: SessionConfigOption; disabled: boolean }) {
  if (option.type === "boolean") {
    return (
      <label class="picker" title={option.description ?? undefined}>
        <input
          type="checkbox"
          disabled={disabled}
          checked={option.currentValue}
          onChange={(e) =>
            send({ type: "set_config_option", sessionId, configId: option.id, value: (e.target as HTMLInputElement).checked })
          }
        />
        <span class="picker__label">{option.name}</span>
      </label>
    );
  }
  if (option.type !== "select") return null;
  return (
    <label class="picker" title={option.description ?? undefined}>
      <span class="picker__label">{option.name}</span>
      <select
        aria-label={option.name}
        disabled={disabled}
        value={option.currentValue}
        onChange={(e) => send({ type: "set_config_option", sessionId, configId: option.id, value: (e.target as HTMLSelectElement).value })}
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
      </select>
    </label>
  );
}
