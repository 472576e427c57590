/**
 * A permission request's options in plain words. Agents name their options as they like ("Approved",
 * "ApprovedExecpolicyAmendment", "Abort", "proceed_once"); the option's kind says what it does, so the
 * words come from the kind and the agent's own name is kept for a tooltip.
 */
import type { PermissionOption } from "../../acp/schema";

const LABEL: Record<PermissionOption["kind"], string> = {
  allow_once: "Allow once",
  allow_always: "Always allow",
  reject_once: "Deny",
  reject_always: "Always deny",
};

const ORDER: PermissionOption["kind"][] = ["allow_once", "allow_always", "reject_once", "reject_always"];

export function optionLabel(o: PermissionOption): string {
  return LABEL[o.kind] ?? o.name;
}

/** The agent's own name for the option, when it says more than the plain words. */
export function optionTooltip(o: PermissionOption): string | undefined {
  return o.name && o.name !== optionLabel(o) ? `${optionLabel(o)} (${o.name})` : undefined;
}

/** Allow first, deny last, whatever order the agent sent them in. */
export function sortedOptions(options: readonly PermissionOption[]): PermissionOption[] {
  return [...options].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
}
