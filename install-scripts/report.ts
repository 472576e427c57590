/** Findings and how they are printed: one line each, ✓ ok, – info, ! warning, ✗ problem (with its fix). */
type Severity = "ok" | "info" | "warn" | "problem";

export interface Finding {
  severity: Severity;
  /** What the line is about: "Google Chrome", "node", "live check", … */
  subject: string;
  message: string;
  /** How to fix it; every warning and problem has one. */
  fix?: string;
  /** Findings of one group print as one line (condenseFindings): one per browser would bury the rest. */
  group?: { name: string; item: string };
}

const MARK: Record<Severity, string> = { ok: "✓", info: "–", warn: "!", problem: "✗" };

export function formatFinding(f: Finding): string {
  return `${MARK[f.severity]} ${f.subject}: ${f.message}${f.fix ? ` → ${f.fix}` : ""}`;
}

export function formatFindings(findings: readonly Finding[]): string {
  return findings.map((f) => `${formatFinding(f)}\n`).join("");
}

export function hasProblem(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.severity === "problem");
}

export const ok = (subject: string, message: string): Finding => ({ severity: "ok", subject, message });
export const info = (subject: string, message: string): Finding => ({ severity: "info", subject, message });
export const warn = (subject: string, message: string, fix: string): Finding => ({ severity: "warn", subject, message, fix });
export const problem = (subject: string, message: string, fix: string): Finding => ({ severity: "problem", subject, message, fix });

/**
 * Each group's findings become one line, in the place of its first, with the items listed:
 * "✓ browsers: Google Chrome (created), Firefox (unchanged)". A group's severity is its worst.
 */
export function condenseFindings(findings: readonly Finding[]): Finding[] {
  const out: Finding[] = [];
  const groups = new Map<string, Finding>();
  const order: Severity[] = ["ok", "info", "warn", "problem"];
  for (const f of findings) {
    if (!f.group) {
      out.push(f);
      continue;
    }
    const line = groups.get(f.group.name);
    if (!line) {
      const first: Finding = { severity: f.severity, subject: f.group.name, message: f.group.item, ...(f.fix ? { fix: f.fix } : {}) };
      groups.set(f.group.name, first);
      out.push(first);
      continue;
    }
    line.message += `, ${f.group.item}`;
    if (order.indexOf(f.severity) > order.indexOf(line.severity)) line.severity = f.severity;
    if (f.fix && !line.fix) line.fix = f.fix;
  }
  return out;
}
