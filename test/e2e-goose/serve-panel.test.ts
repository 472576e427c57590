/**
 * The panel on a goose serve profile, end to end in Chromium: the host connects to the real `goose
 * serve` from npm (our model server as its provider) instead of starting goose, and the panel chats
 * as with any agent; the server killed and started again mid-session, the panel comes back by itself
 * and goes on; an approval asked and answered; History lists a session another client of the server
 * made (as goose Desktop would) and opens it. The extension needs nothing new for it: the profile is
 * one more in the host's list.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import WebSocket from "ws";
import { useHarness } from "../e2e/fixture";
import { agentBubbles, LONG, sendPrompt, userBubbles, waitForReady, waitForText, waitForTurnEnd } from "../helpers/chromium/panel";
import { type GooseServe, startGooseServe } from "../helpers/goose-serve";
import { goesOnAfterRestart, gooseBuilds } from "./real-goose";

const launch = useHarness();

describe.each(gooseBuilds())("goose serve $version in the panel", (build) => {
  it("chats through the server, and comes back by itself after the server restarts", async () => {
    const serve = await startGooseServe(build.binary);
    onTestFinished(() => serve.close());
    const h = await launch({ extraProfiles: { desktop: { url: serve.url, token: serve.token } }, defaultProfile: "desktop" });
    const page = await h.openPanel();
    await waitForReady(page);
    await sendPrompt(page, "hello from the panel");
    await waitForText(agentBubbles(page), "You said: hello from the panel");
    await waitForTurnEnd(page);

    await goesOnAfterRestart(page, serve);
    expect(fs.readFileSync(h.hostLog, "utf8")).not.toContain(serve.token);
  });

  it("asks before a tool call and runs it once allowed; History lists another client's session and opens it", async () => {
    const serve = await startGooseServe(build.binary);
    onTestFinished(() => serve.close());
    await sessionElsewhere(serve, "made in goose desktop");
    const h = await launch({ extraProfiles: { desktop: { url: serve.url, token: serve.token } }, defaultProfile: "desktop" });
    const page = await h.openPanel();
    await waitForReady(page);
    const target = path.join(h.workDir, "allowed.txt");
    await sendPrompt(page, `write ${target} written through goose serve`);
    await page.getByRole("group", { name: "Permission request" }).getByRole("button", { name: "Allow once" }).click({ timeout: LONG });
    await waitForText(agentBubbles(page), `Wrote ${target}.`);
    await waitForTurnEnd(page);
    expect(fs.readFileSync(target, "utf8")).toBe("written through goose serve\n");

    await page.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("region", { name: "Session history" });
    await history.getByRole("button", { name: "made in goose desktop", exact: true }).click({ timeout: LONG });
    await waitForText(userBubbles(page), "made in goose desktop");
    await waitForText(agentBubbles(page), "You said: made in goose desktop");
  });
});

/** A session with one turn, made by another client of the server (its own WebSocket, the token in the URL). */
async function sessionElsewhere(s: GooseServe, words: string): Promise<void> {
  const ws = new WebSocket(`${s.url}?token=${s.token}`);
  await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
  let next = 0;
  const call = (method: string, params: unknown) =>
    new Promise<{ sessionId?: string }>((resolve) => {
      const id = ++next;
      const onMessage = (data: Buffer) => {
        const m = JSON.parse(data.toString()) as { id?: number; method?: string; result?: { sessionId?: string } };
        if (m.id !== id || m.method) return;
        ws.off("message", onMessage);
        resolve(m.result ?? {});
      };
      ws.on("message", onMessage);
      ws.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    });
  await call("initialize", { protocolVersion: 1, clientCapabilities: {} });
  const { sessionId } = await call("session/new", { cwd: s.home, mcpServers: [] });
  await call("session/prompt", { sessionId, prompt: [{ type: "text", text: words }] });
  ws.close();
}
