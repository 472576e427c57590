/** Long sessions for tests and benchmarks, written straight into the scripted agent's store. */
import fs from "node:fs";
import path from "node:path";
import type { Harness } from "./harness";

/**
 * Writes a session straight into the scripted agent's store (test/fixtures/scripted-agent/store.ts):
 * `messages` alternating user and agent messages, every agent one a little markdown, some with code;
 * `added` puts more text at the end of the agent messages it names (by number, from 1).
 */
export function writeLongSession(h: Harness, title: string, messages: number, added: Record<number, string> = {}): string {
  const sessionId = `sess_bench${String(messages).padStart(6, "0")}`;
  const history: unknown[] = [];
  for (let i = 1; i <= messages; i++) {
    const messageId = `msg-${i}`;
    if (i % 2 === 1) {
      history.push({
        sessionUpdate: "user_message_chunk",
        messageId,
        content: { type: "text", text: `Question ${i}: what does step ${i} do?` },
      });
    } else {
      const code = i % 10 === 0 ? `\n\n\`\`\`ts\nexport const step${i} = (x: number) => x * ${i};\n\`\`\`\n` : "";
      history.push({
        sessionUpdate: "agent_message_chunk",
        messageId,
        content: {
          type: "text",
          text: `Step **${i}** runs \`task-${i}\` and then:\n\n- checks the result\n- writes a log line${code}\n\nThis is message ${i}.${added[i] ? ` ${added[i]}` : ""}`,
        },
      });
    }
  }
  // The last message carries the marker the probe waits for.
  const now = new Date().toISOString();
  const record = {
    sessionId,
    cwd: h.workDir,
    createdAt: now,
    updatedAt: now,
    title,
    userSetName: true,
    settings: { provider: "goose", mode: "approve", model: "claude-sonnet-4-5", thinkingEffort: "off" },
    messageCount: messages,
    history,
    toolPermissions: {},
  };
  const dir = path.join(h.agentStateDir, "sessions");
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${sessionId}.json`), JSON.stringify(record));
  return sessionId;
}
