/** Version numbers as agents print them (goose: ` 1.50.0`, leading space, no name; others `goose 1.16.0`): parsed and compared, for the host and the extension. */

export type Semver = [number, number, number];

export function parseVersion(output: string): Semver | undefined {
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(output);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

export function compareVersions(a: Semver, b: Semver): number {
  for (let i = 0; i < 3; i++) if (a[i]! !== b[i]!) return a[i]! - b[i]!;
  return 0;
}

export function formatVersion(v: Semver): string {
  return v.join(".");
}
