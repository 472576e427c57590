/** The plan the agent is following (a checklist), that it is working right now, and how full its context is (a meter). */
import { useEffect, useRef, useState } from "preact/hooks";
import { active } from "../../view/state-signals";
import { Icon } from "../icons";
import { usageView } from "./usage";

export function PlanView() {
  const plan = active.plan.value;
  const turn = active.turn.value;
  // The finished plan a later turn started with: it belongs to that earlier turn, not above this one's composer.
  const earlier = useRef<unknown>(null);
  const lastTurn = useRef(turn);
  const finished = !!plan && plan.length > 0 && plan.every((e) => e.status === "completed");
  if (lastTurn.current === "idle" && turn !== "idle" && finished) earlier.current = plan;
  lastTurn.current = turn;
  if (!plan || plan.length === 0 || (finished && plan === earlier.current)) return null;
  const done = plan.filter((e) => e.status === "completed").length;
  // A finished plan folds away (its summary stays) until the next turn, giving the transcript its room back.
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
              {e.status === "completed" ? <Icon name="check" size={12} /> : <span class={`plan__dot plan__dot--${e.status}`} />}
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
    <div class={`usage usage--${view.level}`} title={view.explanation}>
      <span class="usage__name" aria-hidden="true">
        Context
      </span>
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

/**
 * The end of the transcript while a turn runs: a moving line and "Working…" with the time since
 * this panel saw the turn start (a reopened panel counts from its opening); a still line while the
 * agent waits for the user's approval, or while it stops.
 */
export function WorkingIndicator() {
  const turn = active.turn.value;
  if (turn === "idle") return null;
  const label = turn === "cancelling" ? "Stopping…" : active.permissions.value.length > 0 ? "Waiting for your approval…" : "Working…";
  return <Working label={label} />;
}

function Working({ label }: { label: string }) {
  const [started] = useState(() => Date.now());
  const [now, setNow] = useState(started);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.floor((now - started) / 1000);
  const elapsed = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
  return (
    <div class={label === "Working…" ? "working" : "working working--paused"}>
      <span class="working__bar" aria-hidden="true" />
      <span class="working__text">
        {label} <span class="working__time">{elapsed}</span>
      </span>
    </div>
  );
}
