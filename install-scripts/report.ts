/** Findings and how they are printed: one line each, ✓ ok, – info, ! warning, ✗ problem (with its fix). */
type Severity = "ok" | "info" | "warn" | "problem";

export interface Finding {
  severity: Severity;
  /** What the line is about: "Google Chrome", "node", "live check", … */
  subject: string;
  message: string;
  /** How to fix it; every warning and problem has one. */
  fix?: string;
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
