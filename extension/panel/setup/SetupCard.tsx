/**
 * The setup screen, in place of the chat while the host is missing, does not start or does not fit:
 * what is wrong, the one command that fixes it, and a panel that connects by itself once it is fixed.
 * Coming back to the panel (from the terminal) checks again at once.
 */
import { useEffect } from "preact/hooks";
import { send } from "../../view/background-link";
import type { StatusView } from "../../view/status-text";
import { CommandBox } from "./CommandBox";
import { DirectSetup } from "./DirectSetup";
import { InlineCode } from "./InlineCode";

export function SetupCard({ view, canCheck }: { view: StatusView; canCheck: boolean }) {
  useEffect(() => {
    const recheck = () => {
      if (document.visibilityState === "visible") send({ type: "recheck_host" });
    };
    document.addEventListener("visibilitychange", recheck);
    window.addEventListener("focus", recheck);
    return () => {
      document.removeEventListener("visibilitychange", recheck);
      window.removeEventListener("focus", recheck);
    };
  }, []);
  const setup = view.setup;
  return (
    <section class={`setup status status--${view.tone}`} role="status" aria-live="polite" aria-label="Set up goose-browser">
      <h2 class="setup__headline">
        <span class="status__dot" aria-hidden="true" />
        <span>{view.headline}</span>
      </h2>
      {view.fix && (
        <p class="status__fix">
          <InlineCode text={view.fix} />
        </p>
      )}
      {setup?.command && <CommandBox command={setup.command} />}
      <DirectSetup />
      {view.detail && (
        <details class="status__detail" open={!view.detail.collapsed}>
          <summary class="status__detail-label">{view.detail.label}</summary>
          <pre>{view.detail.lines.join("\n")}</pre>
        </details>
      )}
      <div class="status__actions">
        <span class="setup__waiting">{setup?.checking ? "Checking…" : "This panel connects by itself once the host is ready."}</span>
        <button type="button" class="button button--ghost" disabled={!canCheck} onClick={() => send({ type: "recheck_host" })}>
          Check now
        </button>
        {view.facts.length > 0 && <span class="status__facts">{view.facts.join(" · ")}</span>}
      </div>
    </section>
  );
}

/** A host one version behind: it works, with what it lacks turned off, and says how to update it. */
export function HostUpdateNotice({ notice }: { notice: { text: string; command: string } | null }) {
  if (!notice) return null;
  return (
    <section class="notice notice--warning host-update" role="note" aria-label="Host update">
      <p>{notice.text}</p>
      <CommandBox command={notice.command} />
    </section>
  );
}
