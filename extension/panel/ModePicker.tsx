/** The session's approval mode, visible and changeable: a config option when offered, else modes. */
import { activeSessionId, active } from "./store";
import { send } from "./background-link";

export function ModePicker() {
  const sessionId = activeSessionId.value;
  const option = active.configOptions.value?.find((o) => o.type === "select" && (o.category === "mode" || o.id === "mode"));
  const modes = active.modes.value;
  if (!sessionId) return null;
  if (option && option.type === "select") {
    const choices = option.options.flatMap((o) => ("options" in o ? o.options : [o]));
    return (
      <label class="picker">
        <span class="picker__label">{option.name}</span>
        <select
          aria-label={option.name}
          value={option.currentValue}
          onChange={(e) => send({ type: "set_config_option", sessionId, configId: option.id, value: (e.target as HTMLSelectElement).value })}
        >
          {choices.map((c) => (
            <option key={c.value} value={c.value} title={c.description ?? undefined}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
    );
  }
  if (!modes || modes.availableModes.length === 0) return null;
  return (
    <label class="picker">
      <span class="picker__label">Mode</span>
      <select
        aria-label="Mode"
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
  );
}
