/** Prompts that joined a running turn: the turn ends when the last of them has answered (joined-prompts.ts). */
import { describe, expect, it } from "vitest";
import type { PromptResponse } from "../../../../../extension/acp/schema";
import { JoinedPrompts } from "../../../../../extension/background/client/joined-prompts";

function deferred() {
  let resolve!: (r: PromptResponse) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<PromptResponse>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("JoinedPrompts", () => {
  it("settles at once with the turn's own stop reason when nothing joined", async () => {
    expect(await new JoinedPrompts().settle("s", "end_turn")).toBe("end_turn");
  });

  it("waits for every joined prompt, those that join meanwhile too, and gives the last answer's stop reason", async () => {
    const joined = new JoinedPrompts();
    const a = deferred();
    const b = deferred();
    joined.add("s", a.promise);
    let settled: string | null = null;
    const done = joined.settle("s", "end_turn").then((r) => {
      settled = r;
    });
    a.resolve({ stopReason: "max_tokens" });
    joined.add("s", b.promise);
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBeNull();
    b.reject(new Error("refused"));
    await done;
    // The failed one says nothing about how the turn ended.
    expect(settled).toBe("max_tokens");
    // Another session's prompts are not waited for.
    joined.add("other", deferred().promise);
    expect(await joined.settle("s", "end_turn")).toBe("end_turn");
  });
});
