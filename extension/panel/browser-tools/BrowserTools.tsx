/**
 * Browser tools in the panel (and the options page): the on/off switch, why it could not be turned
 * on, and the consent questions the tools ask before reading a site or acting on a page.
 */
import browser from "webextension-polyfill";
import {
  type ConsentAnswer,
  type ConsentPrompt,
  initialBrowserToolsState,
  type ToolsStanding,
  toolsStanding,
} from "../../state/browser-tools/browser-tools";
import { agentDisplayName } from "../../state/connection/agent-name";
import { hostServes } from "../../state/connection/host-compat";
import { send } from "../../view/background-link";
import { activeSessionId, agent, browserTools, connection } from "../../view/state-signals";
import { Icon } from "../icons";
import { AnswerRow } from "../tool/AnswerRow";
import { followNewest } from "../transcript/follow";

/** The tools for the session on screen: on only if the agent took them (state/browser-tools/browser-tools.ts). */
function standing(): ToolsStanding {
  const name = agentDisplayName(connection.value, agent.value);
  const version = agent.value?.info?.version;
  return toolsStanding(browserTools.value ?? initialBrowserToolsState, activeSessionId.value, { name, ...(version ? { version } : {}) });
}

/**
 * Turning the tools on asks for the "tabs" permission first, inside the click (the browser counts only
 * a user gesture). The background checks what the browser granted and says why if it stays off.
 */
function setBrowserTools(on: boolean): void {
  if (!on) {
    send({ type: "set_browser_tools", enabled: false });
    return;
  }
  browser.permissions
    .request({ permissions: ["tabs"] })
    .catch(() => false)
    .then(() => send({ type: "set_browser_tools", enabled: true }));
}

/**
 * The header's switch: an icon (the header is narrow), its state in aria-pressed and the name.
 * Turned on but refused by the agent, it is not pressed, and a click tries again.
 */
export function BrowserToolsSwitch() {
  const wanted = browserTools.value?.enabled === true;
  const link = connection.value?.link;
  if (link?.phase === "ready" && !hostServes(link.hello, "browser_tools")) {
    // No host (goose serve reached directly), or one a version behind without them (its notice says how).
    return (
      <button
        type="button"
        class="icon-button"
        aria-pressed={false}
        aria-label="Browser: not available"
        title={
          link.hello.direct
            ? "Browser tools need the goose-browser host: this panel talks to goose serve directly, without one."
            : `This goose-browser host (${link.hello.hostVersion}) has no browser tools: update it to use them.`
        }
        disabled
      >
        <Icon name="browser" size={16} />
      </button>
    );
  }
  const { on, problem } = standing();
  const label = on ? "Browser: on" : problem ? "Browser: not available" : "Browser: off";
  return (
    <button
      type="button"
      class="icon-button"
      aria-pressed={on}
      aria-label={label}
      data-problem={problem ? "" : undefined}
      title={
        problem
          ? problem
          : on
            ? "Browser tools are on: the agent can see your tabs, read sites you allow, and ask to act on pages. Click to turn off."
            : "Browser tools are off. Click to let the agent use this browser."
      }
      onClick={() => setBrowserTools(problem ? true : !wanted)}
    >
      <Icon name="browser" size={16} />
    </button>
  );
}

/** The same switch as a labelled checkbox (options page). */
export function BrowserToolsCheckbox() {
  const on = browserTools.value?.enabled === true;
  return (
    <label class="options__row">
      <input type="checkbox" checked={on} onChange={(e) => setBrowserTools((e.target as HTMLInputElement).checked)} />
      <span>Let the agent use this browser: list tabs, read pages, and (asking you first each time) click, type and navigate</span>
    </label>
  );
}

export function BrowserToolsNotice() {
  const notice = browserTools.value?.notice ?? standing().problem;
  return notice ? (
    <p class="notice notice--warning browser-tools-notice" role="alert">
      {notice}
    </p>
  ) : null;
}

/** Every consent question waiting, as cards at the end of the transcript. */
export function ConsentCards() {
  const consents = browserTools.value?.consents ?? [];
  return consents.length === 0 ? null : (
    <div class="consents">
      {consents.map((c) => (
        <ConsentCard key={c.id} prompt={c} />
      ))}
    </div>
  );
}

function answer(id: string, value: ConsentAnswer): void {
  send({ type: "answer_consent", id, answer: value });
  followNewest();
}

function ConsentCard({ prompt }: { prompt: ConsentPrompt }) {
  const r = prompt.request;
  return (
    <fieldset class="approval consent" aria-label="Browser consent" data-kind={r.kind}>
      <p class="approval__question">{r.message}</p>
      <dl class="consent__facts">
        <dt>Tab</dt>
        <dd>{r.tab.title || r.tab.url}</dd>
        <dt>Site</dt>
        <dd>{r.site}</dd>
        {r.kind === "act" && r.element && (
          <>
            <dt>Element</dt>
            <dd>{r.element}</dd>
          </>
        )}
      </dl>
      {/* The same words as the agent's own approvals (tool/ApprovalBar.tsx). */}
      <AnswerRow
        main={[
          r.kind === "read"
            ? {
                key: "read",
                // Reading a site is granted by the browser, and stays granted: it is an "always".
                label: "Always allow",
                name: `Always allow reading ${r.site}`,
                kind: "allow_always",
                title: `Let the agent read pages on ${r.site} from now on`,
                onClick: () => {
                  // Requested here, in the click: the browser grants host access only on a user gesture.
                  browser.permissions
                    .request({ origins: [r.originPattern] })
                    .catch(() => false)
                    .then(() => answer(prompt.id, "allow_once"));
                },
              }
            : { key: "once", label: "Allow once", kind: "allow_once", onClick: () => answer(prompt.id, "allow_once") },
          { key: "deny", label: "Deny", kind: "reject_once", onClick: () => answer(prompt.id, "deny") },
        ]}
        more={
          r.kind === "read"
            ? []
            : [
                {
                  key: "site",
                  label: "Always allow",
                  name: "Always allow on this site",
                  kind: "allow_always",
                  title: `Let the agent act on ${r.site} without asking again`,
                  onClick: () => answer(prompt.id, "allow_site"),
                },
              ]
        }
      />
    </fieldset>
  );
}
