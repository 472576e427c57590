/** The session's action log (state/browser-tools/action-log.ts): every browser tool call, folded to one line until opened. */
import { actionWhere, consentWords } from "../../state/browser-tools/action-log";
import { activeSessionId, browserTools } from "../../view/state-signals";
import "./action-log.css";

const EMPTY: never[] = [];

export function ActionLog() {
  const id = activeSessionId.value;
  const entries = (id ? browserTools.value?.log[id] : undefined) ?? EMPTY;
  if (entries.length === 0) return null;
  return (
    <details class="action-log">
      <summary>Browser actions ({entries.length})</summary>
      <ol class="action-log__list" aria-label="Browser actions">
        {entries.map((e) => (
          <li key={e.callId} class={`action-log__item action-log__item--${e.ok ? "ok" : "failed"}`}>
            <div class="action-log__head">
              <time dateTime={new Date(e.at).toISOString()}>{new Date(e.at).toLocaleTimeString()}</time> <strong>{e.tool}</strong> ·{" "}
              {consentWords(e.consent)} · {e.ok ? "done" : "failed"}
            </div>
            {actionWhere(e) && <div class="action-log__where">{actionWhere(e)}</div>}
            {e.text && <div class="action-log__text">{e.text}</div>}
          </li>
        ))}
      </ol>
    </details>
  );
}
