/** The plan the agent is following (a checklist) and how full its context is (a meter). */
import { active } from "../view/store";
import { usageView } from "./usage";

const STATUS_MARK = { pending: "○", in_progress: "◐", completed: "✓" } as const;

export function PlanView() {
  const plan = active.plan.value;
  if (!plan || plan.length === 0) return null;
  const done = plan.filter((e) => e.status === "completed").length;
  // A finished plan folds away (its summary stays), giving the transcript its room back.
  return (
    <details class="plan" open={done < plan.length}>
      <summary>
        Plan{" "}
        <span class="plan__progress">
          {done} of {plan.length} done
        </span>
      </summary>
      <ol class="plan__list" aria-label="Plan">
        {plan.map((e, i) => (
          <li key={i} class={`plan__item plan__item--${e.status}`} aria-label={`${e.content} (${e.status.replace("_", " ")})`}>
            <span class="plan__mark" aria-hidden="true">
              {STATUS_MARK[e.status] ?? "○"}
            </span>
            <span class="plan__text">{e.content}</span>
            {e.priority === "high" && <span class="plan__priority">high</span>}
          </li>
        ))}
      </ol>
    </details>
  );
}

export function UsageMeter() {
  const view = usageView(active.usage.value);
  if (!view) return null;
  const text = `Context ${view.percent}% · ${view.label}${view.cost ? ` · ${view.cost}` : ""}`;
  return (
    <div class={`usage usage--${view.level}`} title={text}>
      <meter
        class="usage__meter"
        min={0}
        max={100}
        low={80}
        high={95}
        optimum={0}
        value={view.percent}
        aria-label="Context used"
        aria-valuetext={text}
      />
      <span class="usage__label">{view.percent}%</span>
    </div>
  );
}
