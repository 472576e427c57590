/** The running agent's name and the active session's mode, for the panel's sentences (see state/connection/agent-name.ts). */
import { computed } from "@preact/signals";
import { agentDisplayName, currentModeView } from "../state/connection/agent-name";
import { active, agent, connection } from "./state-signals";

export const agentName = computed(() => agentDisplayName(connection.value, agent.value));

export const activeMode = computed(() => currentModeView(active.configOptions.value, active.modes.value));
