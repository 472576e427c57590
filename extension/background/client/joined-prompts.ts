/**
 * Prompts sent during a turn to an agent that adds them to it (steered by a second session/prompt):
 * the turn is over only when the last of them has answered, so the turn's end waits for them.
 */
import type { PromptResponse } from "../../acp/schema";

export class JoinedPrompts {
  private readonly bySession = new Map<string, Set<Promise<PromptResponse>>>();

  add(sessionId: string, answer: Promise<PromptResponse>): void {
    const set = this.bySession.get(sessionId) ?? new Set<Promise<PromptResponse>>();
    this.bySession.set(sessionId, set);
    set.add(answer);
    const forget = () => {
      set.delete(answer);
      if (set.size === 0 && this.bySession.get(sessionId) === set) this.bySession.delete(sessionId);
    };
    answer.then(forget, forget);
  }

  /**
   * Waits for every prompt that joined the session's turn, those that join meanwhile included, and
   * gives the last answer's stop reason (how the turn as a whole ended), or `fallback` with none.
   */
  async settle(sessionId: string, fallback: PromptResponse["stopReason"]): Promise<PromptResponse["stopReason"]> {
    let stopReason = fallback;
    for (let set = this.bySession.get(sessionId); set && set.size > 0; set = this.bySession.get(sessionId)) {
      const answers = await Promise.allSettled([...set]);
      for (const a of answers) if (a.status === "fulfilled") stopReason = a.value.stopReason;
    }
    return stopReason;
  }
}
