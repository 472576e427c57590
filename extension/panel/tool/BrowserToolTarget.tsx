/** A browser tool card's tab (title, site) and element, from the selectors over the tools' state. */
import { browserToolDetail, browserToolOf, initialBrowserToolsState } from "../../state/browser-tools";
import type { ToolCallState } from "../../state/client-state";
import { browserTools } from "../../view/state-signals";

export function BrowserToolTarget({ tool }: { tool: ToolCallState }) {
  // Only browser tool cards subscribe to the tools' state.
  if (!browserToolOf(tool)) return null;
  const detail = browserToolDetail(tool, browserTools.value ?? initialBrowserToolsState);
  if (!detail || (!detail.tab && !detail.element && !detail.url)) return null;
  return (
    <dl class="tool__target" aria-label="Browser target">
      {detail.tab && (
        <>
          <dt>Tab</dt>
          <dd>
            {detail.tab.title || "(untitled)"} · {detail.tab.site}
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
  );
}
