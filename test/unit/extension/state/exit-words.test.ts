/** How an agent process ended, in words with the fix (extension/state/connection/exit-words.ts). */
import { describe, expect, it } from "vitest";
import { exitFact, exitInWords } from "../../../../extension/state/connection/exit-words";

describe("exitInWords", () => {
  it.each([
    ["SIGKILL", null, "goose stopped unexpectedly (it was killed).", /memory/],
    ["SIGTERM", null, "goose was shut down (something asked it to quit).", /Restart/],
    ["SIGSEGV", null, "goose crashed.", /last output/],
    ["SIGUSR2", null, "goose stopped unexpectedly (signal SIGUSR2).", /Restart/],
    [null, 101, "goose crashed (an internal error).", /update it or report it/],
    [null, 0, "goose quit on its own.", /Restart/],
    [null, 127, "goose could not be run.", /Options/],
    [null, 2, "goose stopped unexpectedly (exit code 2).", /last output/],
    [null, null, "goose stopped unexpectedly.", /Restart/],
  ] as const)("signal %s, code %s: %s", (signal, code, headline, fix) => {
    const words = exitInWords("goose", signal, code);
    expect(words.headline).toBe(headline);
    expect(words.fix).toMatch(fix);
    expect(words.headline).not.toMatch(/SIGKILL|SIGTERM|SIGSEGV/);
  });

  it("keeps the system's figure for the facts line", () => {
    expect(exitFact("SIGKILL", null)).toBe("signal SIGKILL");
    expect(exitFact(null, 101)).toBe("exit code 101");
  });
});
