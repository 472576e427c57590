/**
 * A new session gets the settings the user picked before it existed, then its starting settings are
 * remembered for the next time there is no session (see ../../storage/session-defaults.ts).
 */
import type { AgentConnection } from "../../acp/agent-connection";
import { sessionDefaultsItem } from "../../storage/session-defaults";
import type { ClientContext } from "./context";
import { setConfigOption, setMode } from "./modes";

export async function applySessionDefaults(ctx: ClientContext, conn: AgentConnection, sessionId: string): Promise<void> {
  const agentName = ctx.state().client.agent.info?.name;
  if (!agentName) return;
  // Extension storage only: the controller also runs in Node tests, where there is none to remember in.
  if (!(globalThis as { chrome?: { storage?: unknown } }).chrome?.storage) return;
  let store: ReturnType<typeof sessionDefaultsItem>;
  let all: Awaited<ReturnType<typeof store.getValue>>;
  try {
    store = sessionDefaultsItem();
    all = await store.getValue();
  } catch {
    return; // no storage (unit tests): nothing remembered, nothing to apply
  }
  // Remembered as the session starts (approval default applied, before any pick): what a new session offers.
  const started = ctx.state().client.sessions[sessionId];
  if (!started) return;
  const wanted = all[agentName]?.wanted ?? [];
  await store
    .setValue({ ...all, [agentName]: { configOptions: started.configOptions, modes: started.modes, wanted: [] } })
    .catch(() => undefined);
  for (const pick of wanted) {
    const session = ctx.state().client.sessions[sessionId];
    if (!session) return;
    if ("modeId" in pick) {
      if (session.modes?.availableModes.some((m) => m.id === pick.modeId) && session.modes.currentModeId !== pick.modeId)
        await setMode(ctx, conn, sessionId, pick.modeId);
    } else {
      const option = session.configOptions?.find((o) => o.id === pick.configId);
      if (option && option.currentValue !== pick.value) await setConfigOption(ctx, conn, sessionId, pick.configId, pick.value);
    }
  }
}
