/**
 * Why an agent process ended, in words a user reads, with what to do: "goose stopped unexpectedly
 * (it was killed)" rather than "stopped by SIGKILL". The signal or code stays in the status's facts
 * for whoever needs it. Signal meanings: POSIX signal.h; 101 is the code a Rust program (goose) exits
 * with when it panics; 126/127 are the shell's "not executable" / "not found". Pure.
 */

export interface ExitWords {
  /** Ends with a full stop. */
  headline: string;
  fix: string;
}

const RESTART = "Press Restart to start it again.";

export function exitInWords(name: string, signal: string | null, code: number | null): ExitWords {
  if (signal !== null) {
    switch (signal) {
      case "SIGKILL":
        return {
          headline: `${name} stopped unexpectedly (it was killed).`,
          fix: `The system may have run out of memory, or another program ended it. ${RESTART}`,
        };
      case "SIGTERM":
      case "SIGHUP":
        return { headline: `${name} was shut down (something asked it to quit).`, fix: RESTART };
      case "SIGINT":
        return { headline: `${name} was interrupted.`, fix: RESTART };
      case "SIGSEGV":
      case "SIGBUS":
      case "SIGABRT":
      case "SIGILL":
      case "SIGFPE":
        return { headline: `${name} crashed.`, fix: `Its last output (below) may say why. ${RESTART}` };
      default:
        return { headline: `${name} stopped unexpectedly (signal ${signal}).`, fix: RESTART };
    }
  }
  switch (code) {
    case 0:
      return { headline: `${name} quit on its own.`, fix: RESTART };
    case 101:
      return {
        headline: `${name} crashed (an internal error).`,
        fix: `Its last output (below) says where; if it happens again, update it or report it. ${RESTART}`,
      };
    case 126:
    case 127:
      return {
        headline: `${name} could not be run.`,
        fix: "Check that it is installed and its path in Options is right, then press Restart.",
      };
    case null:
      return { headline: `${name} stopped unexpectedly.`, fix: RESTART };
    default:
      return { headline: `${name} stopped unexpectedly (exit code ${code}).`, fix: `Its last output (below) may say why. ${RESTART}` };
  }
}

/** The raw figure, for the facts line: "exit code 101" or "signal SIGKILL". */
export function exitFact(signal: string | null, code: number | null): string {
  return signal !== null ? `signal ${signal}` : `exit code ${code ?? "unknown"}`;
}
