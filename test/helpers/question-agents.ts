/**
 * The agents the scripted agent plays for the browser-tools question tests, in each agent's own shapes
 * (test/fixtures/scripted-agent/browser-calls.ts): how each titles its card for a call of our server,
 * whether it asks about reads, and its allow-once option, the only answer goose-browser gives for the user.
 */
export interface Agent {
  agent: string;
  env: Record<string, string>;
  /** The agent's card for each call, by its own title. */
  snapshot: RegExp;
  type: RegExp;
  click: RegExp;
  /** Whether the agent asks about a read-only tool (codex does not). */
  asksReads: boolean;
  /** The agent's allow-once option id, the only answer goose-browser gives for the user. */
  allowOnce: string;
}

export const AGENTS: Agent[] = [
  {
    agent: "goose",
    env: {},
    snapshot: /browser: page snapshot/,
    type: /browser: type/,
    click: /browser: click/,
    asksReads: true,
    allowOnce: "allow_once",
  },
  {
    agent: "claude",
    env: { SCRIPTED_AGENT_IDENTITY: "claude", SCRIPTED_AGENT_MCP_NAMING: "claude", SCRIPTED_AGENT_MCP_PERMISSION: "every" },
    snapshot: /mcp__browser__page_snapshot|page snapshot/i,
    type: /mcp__browser__type|^Type/i,
    click: /mcp__browser__click|^Click/i,
    asksReads: true,
    allowOnce: "allow",
  },
  {
    agent: "codex",
    env: { SCRIPTED_AGENT_IDENTITY: "other", SCRIPTED_AGENT_MCP_NAMING: "codex", SCRIPTED_AGENT_MCP_PERMISSION: "acting" },
    snapshot: /page snapshot|Tool: browser\/page_snapshot/i,
    type: /^Type|Tool: browser\/type/i,
    click: /^Click|Tool: browser\/click/i,
    asksReads: false,
    allowOnce: "approved",
  },
  {
    agent: "gemini",
    env: { SCRIPTED_AGENT_IDENTITY: "other", SCRIPTED_AGENT_MCP_NAMING: "gemini", SCRIPTED_AGENT_MCP_PERMISSION: "every" },
    snapshot: /page snapshot|page_snapshot \(browser MCP Server\)/i,
    type: /^Type|type \(browser MCP Server\)/i,
    click: /^Click|click \(browser MCP Server\)/i,
    asksReads: true,
    allowOnce: "proceed_once",
  },
  {
    agent: "opencode",
    env: { SCRIPTED_AGENT_IDENTITY: "other", SCRIPTED_AGENT_MCP_NAMING: "opencode" },
    snapshot: /page snapshot|browser_page_snapshot/i,
    type: /^Type|browser_type/i,
    click: /^Click|browser_click/i,
    asksReads: true,
    allowOnce: "allow_once",
  },
];
