/** A browser tool card's tab (title, site) and element, from the served call bound to it (state/browser-tools/served-calls.ts), and "Show tab". */
import { useComputed } from "@preact/signals";
import { initialBrowserToolsState } from "../../state/browser-tools/browser-tools";
import { boundCall, browserToolDetail, browserToolOf } from "../../state/browser-tools/served-calls";
import type { ToolCallState } from "../../state/sessions/client-state";
import { send } from "../../view/background-link";
import { browserTools } from "../../view/state-signals";

export function BrowserToolTarget({ tool }: { tool: ToolCallState }) {
  // Only the bound call is read from the tools' state, so other tools' changes do not render this card again.
  const call = useComputed(() => boundCall(tool.toolCallId, browserTools.value ?? initialBrowserToolsState));
  if (!call.value && !browserToolOf(tool)) return null;
  const detail = browserToolDetail(tool, { ...initialBrowserToolsState, calls: call.value ? [call.value] : [] });
  if (!detail || (!detail.tab && !detail.element && !detail.url)) return null;
  const tab = detail.tab;
  return (
    <div class="tool__target-row">
      <dl class="tool__target" aria-label="Browser target">
        {tab && (
          <>
            <dt>Tab</dt>
            <dd>
              {tab.title || "(untitled)"} · {tab.site}
            </dd>
          </>
        )}
        {detail.element && (
          <>
            <dt>Element</dt>
            <dd>{detail.element}</dd>
          </>
        )}
        {detail.url && (
          <>
            <dt>Address</dt>
            <dd>{detail.url}</dd>
          </>
        )}
      </dl>
      {tab && (
        <button type="button" class="tool__show-tab" onClick={() => send({ type: "show_tab", tabId: tab.id })}>
          Show tab
        </button>
      )}
    </div>
  );
}
