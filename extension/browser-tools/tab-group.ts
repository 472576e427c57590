/**
 * The agent's tab group: the tabs open_tab opens, in the background, titled with the agent's name, and
 * "<name> · working" while the agent works, so the user sees at a glance which tabs are the agent's and
 * whether it is busy in them. The title changes, so the group is found by its name, with or without the suffix.
 */

const WORKING_SUFFIX = " · working";

export function groupTitle(name: string, working: boolean): string {
  return working ? `${name}${WORKING_SUFFIX}` : name;
}

/** Whether a group's title is this agent's group, working or not. */
export function isAgentGroup(title: string | undefined, name: string): boolean {
  return title === name || title === groupTitle(name, true);
}
