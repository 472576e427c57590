/**
 * The environment the agent (and its version command) runs in: the host's, minus what the launcher
 * set for the host alone. On Linux the launcher runs the host with one malloc arena for all its threads
 * (glibc's GLIBC_TUNABLES, native-host/setup/launcher.ts): V8's compiler thread otherwise keeps the memory
 * it freed in an arena of its own, about 2 MB of the host's peak (BENCHMARKS.md). The launcher saves the
 * user's own value in SAVED_GLIBC_TUNABLES; the agent, and whatever it starts, get that value back, or
 * none, never the host's.
 */

/** What the launcher puts in front of the user's own tunables for the host. */
export const HOST_GLIBC_TUNABLES = "glibc.malloc.arena_max=1";
/** Where the launcher keeps the user's GLIBC_TUNABLES (empty: there were none). */
export const SAVED_GLIBC_TUNABLES = "GOOSE_BROWSER_GLIBC_TUNABLES";

export function agentEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (!(SAVED_GLIBC_TUNABLES in env)) return { ...env };
  const { [SAVED_GLIBC_TUNABLES]: saved, GLIBC_TUNABLES: _host, ...rest } = env;
  return saved ? { ...rest, GLIBC_TUNABLES: saved } : rest;
}
