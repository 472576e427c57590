/** The status area: one sentence, the fix, the evidence, and the Restart button. */
import type { StatusView } from "./status-text";
import { InlineCode } from "./InlineCode";

interface Props {
  view: StatusView;
  onRestart(): void;
  /** Restart is pointless while the background itself is unreachable. */
  canRestart: boolean;
}

export function StatusCard({ view, onRestart, canRestart }: Props) {
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
        <div class="status__detail">
          <p class="status__detail-label">{view.detail.label}</p>
          <pre>{view.detail.lines.join("\n")}</pre>
        </div>
      )}
      {view.note && <p class="status__note">{view.note}</p>}
      <div class="status__actions">
        <button type="button" onClick={onRestart} disabled={!canRestart}>
          Restart
        </button>
        {view.facts.length > 0 && <span class="status__facts">{view.facts.join(" · ")}</span>}
      </div>
    </section>
  );
}
