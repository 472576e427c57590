/** The context meter's numbers and warning level from a usage_update. Pure. */
export interface UsageView {
  percent: number;
  level: "ok" | "warning" | "critical";
  label: string;
  cost: string | null;
  /** What the meter means, for its tooltip. */
  explanation: string;
}

const WARN_AT = 0.8;
const CRITICAL_AT = 0.95;

export function usageView(
  usage: { used: number; size: number; cost?: { amount: number; currency: string } | null } | null,
): UsageView | null {
  // Nothing used yet (goose reports 0 right after session/new): no meter until there is something to show.
  if (!usage || !(usage.size > 0) || !(usage.used > 0)) return null;
  const ratio = Math.max(0, usage.used / usage.size);
  const percent = Math.min(100, Math.round(ratio * 100));
  const level = ratio >= CRITICAL_AT ? "critical" : ratio >= WARN_AT ? "warning" : "ok";
  const cost = usage.cost ? formatCost(usage.cost.amount, usage.cost.currency) : null;
  const label = `${compactCount(usage.used)} / ${compactCount(usage.size)} tokens`;
  return { percent, level, label, cost, explanation: explain(percent, label, cost, level) };
}

function explain(percent: number, label: string, cost: string | null, level: UsageView["level"]): string {
  const fill = `This session fills ${percent}% of the model's context window (${label}${cost ? `, ${cost} so far` : ""}).`;
  const next =
    level === "ok"
      ? "When it is full, the agent summarises or drops the oldest messages."
      : "It is nearly full: the agent will soon summarise or drop the oldest messages; a new session starts empty.";
  return `${fill} ${next}`;
}

/** A token count, short: 950, 12k, 1.2M. */
export function compactCount(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(n >= 10_000_000 ? 0 : 1)}M`;
  if (n >= 1000) return `${(n / 1000).toFixed(n >= 10_000 ? 0 : 1)}k`;
  return String(n);
}

function formatCost(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency, maximumFractionDigits: amount < 1 ? 4 : 2 }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}
