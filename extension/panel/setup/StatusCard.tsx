/** The status area: one sentence, the fix, the evidence, and the Restart button. */
import "./status-card.css";

import { useEffect, useRef } from "preact/hooks";
import type { StatusView } from "../../view/status-text";
import { InlineCode } from "./InlineCode";

interface Props {
  view: StatusView;
  /** Fold the evidence into a closed disclosure (a conversation needs the room). */
  compact?: boolean;
  onRestart(): void;
  /** Opens the options page (offered when the fix is there). */
  onOpenOptions?(): void;
  /** Switch to another configured agent profile (offered when this one could not start). */
  onUseProfile?(profile: string): void;
  /** Restart is pointless while the background itself is unreachable. */
  canRestart: boolean;
}

export function StatusCard({ view, onRestart, onOpenOptions, onUseProfile, canRestart, compact = false }: Props) {
  // Evidence such as stderr ends with what matters (the panic), so show its end.
  const pre = useRef<HTMLPreElement>(null);
  useEffect(() => {
    if (pre.current) pre.current.scrollTop = pre.current.scrollHeight;
  }, [view.detail, compact]);
  return (
    <section class={`status status--${view.tone}`} role="status" aria-live="polite">
      <p class="status__headline">
        <span class="status__dot" aria-hidden="true" />
        <span>{view.headline}</span>
      </p>
      {view.fix && (
        <p class="status__fix">
          <InlineCode text={view.fix} />
        </p>
      )}
      {view.detail && (
        <details class="status__detail" open={!compact && !view.detail.collapsed}>
          <summary class="status__detail-label">{view.detail.label}</summary>
          <pre ref={pre}>{view.detail.lines.join("\n")}</pre>
        </details>
      )}
      {view.note && <p class="status__note">{view.note}</p>}
      <div class="status__actions">
        {view.openOptions && onOpenOptions && (
          <button type="button" onClick={onOpenOptions}>
            Open Options
          </button>
        )}
        <button type="button" class={view.openOptions ? "button button--ghost" : undefined} onClick={onRestart} disabled={!canRestart}>
          Restart
        </button>
        {onUseProfile &&
          view.alternatives?.map((profile) => (
            <button type="button" key={profile} class="button button--ghost" disabled={!canRestart} onClick={() => onUseProfile(profile)}>
              Use {profile} instead
            </button>
          ))}
        {view.facts.length > 0 && <span class="status__facts">{view.facts.join(" · ")}</span>}
      </div>
    </section>
  );
}
