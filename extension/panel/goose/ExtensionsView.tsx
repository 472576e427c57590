/**
 * goose's extensions of the session on screen: on or off, whether goose started each and why not
 * (a failed one is shown, with goose's reason). A switch turns one off or on with goose's own
 * methods; ours, the browser server, follows the browser-tools switch.
 */
import { useEffect } from "preact/hooks";
import { offersGoose } from "../../state/connection/goose-controls";
import { type ExtensionRow, extensionRows } from "../../state/goose/extension-rows";
import { send } from "../../view/background-link";
import { activeSessionId, agent, browserTools, gooseFeatures } from "../../view/state-signals";
import "./goose.css";

export function ExtensionsView() {
  const sessionId = activeSessionId.value;
  const served = offersGoose(agent.value, "extensions");
  // Asked again when the browser tools come or go: the host adds or removes our server itself.
  const offer = sessionId ? browserTools.value?.offers[sessionId] : undefined;
  useEffect(() => {
    if (sessionId && served) send({ type: "list_extensions", sessionId });
  }, [sessionId, served, offer]);
  if (!sessionId || !served) return <p class="goose-view__empty">No session whose extensions goose can list.</p>;
  const known = gooseFeatures.value?.extensions[sessionId];
  const rows = known ? extensionRows(known) : [];
  return (
    <section class="goose-view" aria-label="Extensions of this session">
      <p class="goose-view__lead">goose's extensions in this session. Turning one off takes its tools away from this session only.</p>
      {known?.error && <p class="notice notice--error">{known.error}</p>}
      {!known?.listed && !known?.error && <p class="goose-view__empty">Asking goose…</p>}
      <ul class="goose-list">
        {rows.map((row) => (
          <ExtensionItem key={row.key} row={row} sessionId={sessionId} busy={known?.busy === row.key} />
        ))}
      </ul>
    </section>
  );
}

function ExtensionItem({ row, sessionId, busy }: { row: ExtensionRow; sessionId: string; busy: boolean }) {
  const toolsOn = browserTools.value?.enabled === true;
  const on = row.ours ? toolsOn && row.loaded !== "failed" : row.on;
  const toggle = () =>
    row.ours ? send({ type: "set_browser_tools", enabled: !on }) : send({ type: "toggle_extension", sessionId, key: row.key, on: !on });
  return (
    <li class={`goose-list__item${row.loaded === "failed" ? " goose-list__item--failed" : ""}`} data-extension={row.key}>
      <div class="goose-list__text">
        <span class="goose-list__name">
          {row.label}
          {row.ours && <span class="goose-list__tag">goose-browser</span>}
        </span>
        {row.description && <span class="goose-list__detail">{row.description}</span>}
        {row.loaded === "failed" && <span class="goose-list__error">{`Failed to start${row.error ? `: ${row.error}` : "."}`}</span>}
      </div>
      <button
        type="button"
        role="switch"
        class="button button--small goose-list__switch"
        aria-checked={on}
        aria-label={`${row.label} ${on ? "on" : "off"}`}
        title={row.why ?? (on ? `Turn ${row.label} off in this session` : `Turn ${row.label} on in this session`)}
        disabled={busy || !row.canToggle}
        onClick={toggle}
      >
        {busy ? "…" : on ? "On" : "Off"}
      </button>
    </li>
  );
}
