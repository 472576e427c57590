/**
 * goose serve profiles (docs/goose-serve.md): a goose that already runs, in a container, on another
 * machine or beside goose Desktop, which the host connects to instead of starting one. Lists them with
 * their state from the host's diagnostics, adds one (its URL and token, or a fresh token and the command
 * that starts goose serve with it) and removes one, all written by the host into its config. The token
 * is shown only until it is saved: after that it lives in host.json alone. Says which way the browser
 * reaches goose: through the host, or straight to the goose serve set up for a browser without one.
 */
import { useEffect, useState } from "preact/hooks";
import { hostCliCommand } from "../../shared/host-package";
import {
  DEFAULT_SERVE_URL,
  freshToken,
  gooseServeCommand,
  SERVE_PROFILES_CAPABILITY,
  type ServeProfileCommand,
} from "../../shared/serve-profiles";
import { CommandBox } from "../panel/setup/CommandBox";
import type { DirectServe } from "../state/connection/direct-serve";
import { directServeItem } from "../storage/agent-choice";
import { send } from "../view/background-link";
import { connection } from "../view/state-signals";
import { type ServeForm, serveAnswerText, serveFormProblem, serveState } from "./serve-form";

const EMPTY_FORM: ServeForm = { name: "", url: DEFAULT_SERVE_URL, token: "" };

export function ServeProfiles() {
  const c = connection.value;
  const [form, setForm] = useState<ServeForm>(EMPTY_FORM);
  const [generated, setGenerated] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  // The answer count when a command went: a higher one is the host's answer to it.
  const [asked, setAsked] = useState<number | null>(null);
  const answer = c?.serveProfileResult ?? null;
  useEffect(() => {
    if (asked === null || answer === null || answer.n <= asked) return;
    setAsked(null);
    setShown(serveAnswerText(answer.answer));
    // Saved: the token now lives in host.json only, so the form forgets it.
    if (answer.answer.command === "save_serve_profile" && "outcome" in answer.answer) {
      setForm(EMPTY_FORM);
      setGenerated(false);
    }
  }, [answer, asked]);
  const hello = c?.link.phase === "ready" ? c.link.hello : null;
  if (!hello) return null;
  if (hello.direct) {
    // The agent's status names the server's address (background/direct/ reports it as the command).
    const at = c?.agent && "command" in c.agent ? c.agent.command : undefined;
    return (
      <section aria-label="goose serve">
        <h2>goose serve</h2>
        <p class="options__help">
          In use: no host, so this browser talks to the goose serve {at && <code>{at}</code>} directly, without the browser tools. Once the
          goose-browser host is installed, goose-browser uses it instead (at the next reconnection, or press Restart in the panel). Forget
          this goose serve to set up another (the panel's setup screen shows again).
        </p>
        <div class="options__actions">
          <button type="button" class="button button--ghost" onClick={() => void directServeItem.setValue(null)}>
            Forget this goose serve
          </button>
        </div>
      </section>
    );
  }
  if (!hello.capabilities?.includes(SERVE_PROFILES_CAPABILITY)) {
    return (
      <section aria-label="goose serve">
        <h2>goose serve</h2>
        <DirectStandby />
        <p class="options__help">This host adds goose serve profiles from a terminal only:</p>
        <CommandBox command={hostCliCommand("connect <name>")} label="Copy the connect command" />
      </section>
    );
  }
  const serve = (c?.diagnostics?.profiles ?? []).filter((p) => p.serve);
  const commandProfiles = hello.profiles.filter((n) => !serve.some((p) => p.name === n));
  const problem = serveFormProblem(form, commandProfiles);
  const go = (command: ServeProfileCommand) => {
    setAsked(answer?.n ?? 0);
    setShown(null);
    send(command);
  };
  const edit = (field: keyof ServeForm) => (e: Event) => {
    setForm({ ...form, [field]: (e.target as HTMLInputElement).value });
    if (field === "token") setGenerated(false);
  };
  return (
    <section aria-label="goose serve">
      <h2>goose serve</h2>
      <DirectStandby />
      <p class="options__help">
        A goose that already runs (<code>goose serve</code>: in a container, on another machine, or goose Desktop's), which the host
        connects to instead of starting goose. Its token stays in <code>{hello.configFile}</code>. Pick a profile above to use it.
      </p>
      {serve.length > 0 && (
        <ul class="options__serve-list" aria-label="goose serve profiles">
          {serve.map((p) => {
            const state = serveState(p);
            return (
              <li key={p.name} class="options__row">
                <span>
                  <strong>{p.name}</strong> <code>{p.command}</code>{" "}
                  <span class={state.ok ? "options__profile-detail" : "notice notice--warning"}>{state.text}</span>
                </span>
                <button
                  type="button"
                  class="button button--ghost"
                  aria-label={`Remove ${p.name}`}
                  onClick={() => go({ type: "remove_serve_profile", name: p.name })}
                >
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <fieldset class="options__profiles">
        <legend>Add a goose serve</legend>
        <label class="options__field">
          <span>Name</span>
          <input type="text" value={form.name} placeholder="desktop" onInput={edit("name")} />
        </label>
        <label class="options__field">
          <span>URL (ws:// only to this machine; another needs wss://)</span>
          <input type="text" value={form.url} onInput={edit("url")} />
        </label>
        <label class="options__field">
          <span>Token (the server's GOOSE_SERVER__SECRET_KEY)</span>
          <input type="password" value={form.token} autocomplete="off" onInput={edit("token")} />
        </label>
        <div class="options__actions">
          <button
            type="button"
            class="button button--ghost"
            onClick={() => {
              setForm({ ...form, token: freshToken((b) => crypto.getRandomValues(b)) });
              setGenerated(true);
            }}
          >
            Generate a token
          </button>
        </div>
        {generated && (
          <div class="options__field">
            <span>Start goose serve with it, on the machine it runs on (another machine: add --host and --tls):</span>
            <CommandBox command={gooseServeCommand(form.token, form.url, hello.platform)} label="Copy the goose serve command" secondary />
          </div>
        )}
        <div class="options__actions">
          <button
            type="button"
            disabled={problem !== null}
            onClick={() => go({ type: "save_serve_profile", name: form.name, url: form.url.trim(), token: form.token })}
          >
            Save profile
          </button>
          <span role="status">{problem && (form.name || form.token) ? problem : (shown ?? (asked !== null ? "Saving…" : ""))}</span>
        </div>
      </fieldset>
    </section>
  );
}

/** With the host in use, the goose serve set up for this browser without one (if any) waits: say so, and let it go. */
function DirectStandby() {
  const [direct, setDirect] = useState<DirectServe | null>(null);
  useEffect(() => {
    void directServeItem.getValue().then(setDirect);
    return directServeItem.watch(setDirect);
  }, []);
  if (!direct) return null;
  return (
    <div class="options__help" role="status" aria-label="Which way goose is reached">
      <p>
        In use: the goose-browser host. The goose serve set up for this browser without a host (<code>{direct.url}</code>) is used only when
        the host cannot be started.
      </p>
      <button type="button" class="button button--ghost" onClick={() => void directServeItem.setValue(null)}>
        Forget this goose serve
      </button>
    </div>
  );
}
