/**
 * Which configured agent runs, and in which folder. The host's config lists the agents (goose,
 * claude-agent-acp, codex-acp, gemini…): this only picks one by name, so nothing chosen here can
 * make the host run a program it was not configured with.
 */
import { useEffect, useState } from "preact/hooks";
import { hostCliCommand } from "../../shared/host-package";
import { isChoiceRefusal } from "../state/connection/connection";
import { offersGoose } from "../state/connection/goose-controls";
import { agentChoiceItem } from "../storage/agent-choice";
import { send } from "../view/background-link";
import { agent, connection, sessions } from "../view/state-signals";
import { moveOutcome, movesSessions } from "./folder-move";

/**
 * The extension installs nothing itself: it shows the commands that do (install-scripts/commands/),
 * in the npx form, which runs as it is (the package puts nothing on PATH). The one to copy is the list,
 * which ends with the add command for any agent in it.
 */
const LIST_COMMAND = hostCliCommand("agents");
const ADD_COMMAND = hostCliCommand("add <id>");

function CopyButton({ text }: { text: string }) {
  const [done, setDone] = useState("");
  return (
    <>
      <button
        type="button"
        class="button button--ghost"
        onClick={() =>
          void navigator.clipboard.writeText(text).then(
            () => setDone("Copied."),
            () => setDone("Could not copy; select the command instead."),
          )
        }
      >
        Copy command
      </button>
      <span role="status">{done}</span>
    </>
  );
}

export function AgentPicker() {
  const c = connection.value;
  const hello = c?.link.phase === "ready" ? c.link.hello : null;
  const [profile, setProfile] = useState<string | null>(null);
  const [cwd, setCwd] = useState("");
  // What the host had last said when "Use this agent" was pressed: its next word is the answer.
  const [asked, setAsked] = useState<{ errors: number; agent: string; move?: string } | null>(null);
  // The profile and folder kept: a new folder alone, on goose, moves the open sessions without a restart.
  const [kept, setKept] = useState<{ profile: string | null; cwd: string }>({ profile: null, cwd: "" });
  useEffect(() => {
    void agentChoiceItem.getValue().then((choice) => {
      setProfile(choice.profile ?? null);
      setCwd(choice.cwd ?? "");
      setKept({ profile: choice.profile ?? null, cwd: choice.cwd ?? "" });
    });
  }, []);
  if (!hello) return null;
  const chosen = profile && hello.profiles.includes(profile) ? profile : hello.defaultProfile;
  const diagnosis = c?.diagnostics?.profiles ?? [];
  const cwdError = c?.hostError?.code === "invalid_cwd" ? c.hostError.message : null;
  // The background keeps the choice only if the host takes it (background/agent-choice.ts); this reads
  // the same answer: a new refusal, or the agent's status moving on.
  const refused = asked !== null && isChoiceRefusal(c?.hostError ?? null) && (c?.hostErrorCount ?? 0) > asked.errors;
  const taken = asked !== null && !refused && JSON.stringify(c?.agent ?? null) !== asked.agent;
  const open = Object.values(sessions.value ?? {});
  const moving = movesSessions({
    sameProfile: (profile ?? null) === kept.profile || (chosen === hello.defaultProfile && kept.profile === null),
    cwd: cwd.trim(),
    served: offersGoose(agent.value, "workingDir"),
    open,
  });
  const moved = asked?.move ? moveOutcome(asked.move, open) : null;
  const outcome = refused
    ? "Not saved: the host refused it (above)."
    : taken
      ? "Saved; the agent restarts."
      : moved === "moved"
        ? "Saved; goose moved the open sessions there, without a restart."
        : moved
          ? `Not saved: goose refused the folder: ${moved.refused}`
          : asked
            ? "Checking…"
            : "";
  return (
    <section aria-label="Agent">
      <h2>Agent</h2>
      <p class="options__help">
        Agents come from the host's config (<code>{hello.configFile}</code>). To add one from the ACP Registry, run{" "}
        <code>{LIST_COMMAND}</code> in a terminal to see them, then <code>{ADD_COMMAND}</code> with the id of the one you want; it appears
        here without restarting the browser.
      </p>
      <div class="options__actions">
        <CopyButton text={LIST_COMMAND} />
      </div>
      <fieldset class="options__profiles">
        <legend>Run this agent</legend>
        {hello.profiles.map((name) => {
          const info = diagnosis.find((p) => p.name === name);
          return (
            <label key={name} class="options__row">
              <input type="radio" name="profile" value={name} checked={chosen === name} onChange={() => setProfile(name)} />
              <span>
                <strong>{name}</strong>
                {name === hello.defaultProfile && " (default)"}
                {info && (
                  <span class="options__profile-detail">
                    {" "}
                    — {info.resolved ? <code>{info.resolved}</code> : "not found:"}
                    {info.version && ` v${info.version}`}
                    {/* The host's sentence says what was looked at; "not found" is said once, above. */}
                    {info.problem && <span class="notice notice--warning"> {info.problem.fix}</span>}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </fieldset>
      <label class="options__field">
        <span>Working folder (where the agent runs and sessions start; empty: {hello.cwd})</span>
        <input
          type="text"
          value={cwd}
          placeholder={hello.cwd}
          aria-label="Working folder"
          onInput={(e) => setCwd((e.target as HTMLInputElement).value)}
        />
      </label>
      {cwdError && <p class="notice notice--error">{cwdError}</p>}
      {offersGoose(agent.value, "workingDir") && open.length > 0 && (
        <p class="options__help">
          {open.length === 1 ? "The open session works in " : "The open sessions work in "}
          {[...new Set(open.map((s) => s.cwd))].map((f, i) => (
            <span key={f}>
              {i > 0 && ", "}
              <code>{f}</code>
            </span>
          ))}
          . goose moves {open.length === 1 ? "it" : "them"} to a new folder here without a restart, and new sessions start there.
        </p>
      )}
      <div class="options__actions">
        <button
          type="button"
          onClick={() => {
            setAsked({ errors: c?.hostErrorCount ?? 0, agent: JSON.stringify(c?.agent ?? null), ...(moving ? { move: cwd.trim() } : {}) });
            if (moving) setKept({ profile: profile ?? null, cwd: cwd.trim() });
            send({ type: "choose_agent", profile: chosen === hello.defaultProfile ? null : chosen, cwd: cwd.trim() || null });
          }}
        >
          Use this agent
        </button>
        <span role="status">{outcome}</span>
      </div>
    </section>
  );
}
