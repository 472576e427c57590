/**
 * Which runtime runs the host: node (the npm package and a checkout, through the launcher) or Bun (the
 * standalone executable, install-scripts/release/build-exe.ts). Bun's node:net takes no `onread`
 * buffer and passes no socket to a child as its stdio, so there the host reads with plain streams.
 */
export const IS_BUN = typeof process.versions.bun === "string";

/** The hello's `nodeVersion`: node's ("v22.11.0"), or the node version Bun implements and Bun's own ("v26.3.0 (bun 1.4.5)"). */
export function runtimeVersion(): string {
  return IS_BUN ? `${process.version} (bun ${process.versions.bun})` : process.version;
}
