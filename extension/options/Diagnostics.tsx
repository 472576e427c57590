/** The diagnostics section: what is connected, what failed and why, the host's log, and a report to copy. */
import { useState } from "preact/hooks";
import browser from "webextension-polyfill";
import { CommandBox } from "../panel/setup/CommandBox";
import { send } from "../view/background-link";
import { extensionVersion } from "../view/extension-version";
import { appState, connection } from "../view/state-signals";
import { describeConnection, hostUpdateNotice } from "../view/status-text";
import { diagnosticsReport } from "./report";

export function Diagnostics() {
  const c = connection.value;
  const [copied, setCopied] = useState<string | null>(null);
  if (!c) return <p>Connecting to the background…</p>;
  const view = describeConnection(c, null, extensionVersion());
  const update = hostUpdateNotice(c, extensionVersion());
  const hello = c.link.phase === "ready" || c.link.phase === "incompatible" ? c.link.hello : c.lastHello;
  const d = c.diagnostics;
  const copy = async () => {
    const state = appState();
    if (!state) return;
    const manifest = browser.runtime.getManifest();
    const text = diagnosticsReport(state, {
      extensionId: browser.runtime.id,
      extensionVersion: manifest.version,
      userAgent: navigator.userAgent,
    });
    try {
      await navigator.clipboard.writeText(text);
      setCopied("Report copied.");
    } catch {
      setCopied("Could not copy; select the text below instead.");
    }
  };
  return (
    <section aria-label="Diagnostics">
      <h2>Diagnostics</h2>
      <dl class="facts">
        <dt>Status</dt>
        <dd>{view.headline}</dd>
        {view.fix && (
          <>
            <dt>What to do</dt>
            <dd>
              {view.fix}
              {view.setup?.command && <CommandBox command={view.setup.command} />}
            </dd>
          </>
        )}
        {update && (
          <>
            <dt>Host update</dt>
            <dd>
              {update.text}
              <CommandBox command={update.command} />
            </dd>
          </>
        )}
        <dt>Extension id</dt>
        <dd>
          <code>{browser.runtime.id}</code>
        </dd>
        {hello && (
          <>
            <dt>Host</dt>
            <dd>
              v{hello.hostVersion} (protocol {hello.protocolVersion}), node {hello.nodeVersion}
              <br />
              <code>{hello.hostPath}</code>
            </dd>
            <dt>Host config</dt>
            <dd>
              <code>{hello.configFile}</code>
              {hello.configError && <p class="notice notice--error">{hello.configError}</p>}
            </dd>
            <dt>Host log</dt>
            <dd>
              <code>{hello.logFile}</code>
            </dd>
          </>
        )}
        {c.agent?.state === "running" && (
          <>
            <dt>Agent</dt>
            <dd>
              {c.agent.profile} {c.agent.version ? `v${c.agent.version}` : ""} — <code>{c.agent.command}</code>
            </dd>
          </>
        )}
        {d?.agentLogDir && (
          <>
            <dt>goose's logs</dt>
            <dd>
              <code>{d.agentLogDir}</code>
            </dd>
          </>
        )}
      </dl>
      <div class="options__actions">
        <button type="button" class="button button--ghost" onClick={() => send({ type: "diagnose" })} disabled={c.link.phase !== "ready"}>
          Refresh
        </button>
        <button type="button" onClick={() => void copy()}>
          Copy report
        </button>
        <span role="status">{copied ?? ""}</span>
      </div>
      {d && (
        <details open>
          <summary>Last host log lines ({d.logTail.length})</summary>
          <pre class="options__log" role="log" aria-label="Host log">
            {d.logTail.join("\n")}
          </pre>
        </details>
      )}
    </section>
  );
}
