/**
 * The standalone host executables `npm run release:exe` builds (build-exe.ts): for each target, Bun's
 * `--target`, the npm package that carries Bun's runtime for it (a dependency of the `bun` package,
 * pinned in package-lock.json) and the file format the result must have. Pure.
 */

export type ExeTarget = "linux-x64" | "linux-arm64" | "macos-arm64" | "macos-x64" | "windows-x64";

export interface ExeTargetInfo {
  /** `bun build --compile --target=…` */
  bunTarget: string;
  /** The npm package holding that platform's `bun` binary, and the binary's path inside it. */
  runtimePackage: string;
  runtimeBinary: string;
  /** What the file must be: ELF, Mach-O or PE, and its machine. */
  format: { kind: "elf"; machine: "x86-64" | "aarch64" } | { kind: "macho"; cpu: "x86_64" | "arm64" } | { kind: "pe"; machine: "amd64" };
}

export const EXE_TARGETS: Record<ExeTarget, ExeTargetInfo> = {
  "linux-x64": {
    bunTarget: "bun-linux-x64",
    runtimePackage: "@oven/bun-linux-x64",
    runtimeBinary: "bin/bun",
    format: { kind: "elf", machine: "x86-64" },
  },
  "linux-arm64": {
    bunTarget: "bun-linux-arm64",
    runtimePackage: "@oven/bun-linux-aarch64",
    runtimeBinary: "bin/bun",
    format: { kind: "elf", machine: "aarch64" },
  },
  "macos-arm64": {
    bunTarget: "bun-darwin-arm64",
    runtimePackage: "@oven/bun-darwin-aarch64",
    runtimeBinary: "bin/bun",
    format: { kind: "macho", cpu: "arm64" },
  },
  "macos-x64": {
    bunTarget: "bun-darwin-x64",
    runtimePackage: "@oven/bun-darwin-x64",
    runtimeBinary: "bin/bun",
    format: { kind: "macho", cpu: "x86_64" },
  },
  "windows-x64": {
    bunTarget: "bun-windows-x64",
    runtimePackage: "@oven/bun-windows-x64",
    runtimeBinary: "bin/bun.exe",
    format: { kind: "pe", machine: "amd64" },
  },
};

export const ALL_EXE_TARGETS = Object.keys(EXE_TARGETS) as ExeTarget[];

/** The command name the executable gives itself in its messages (`goose-browser-host install`). */
export const EXE_COMMAND_NAME = "goose-browser-host";

/** The release file: goose-browser-host-<target>, `.exe` for Windows (the version is the release's). */
export function exeFileName(target: ExeTarget): string {
  return `${EXE_COMMAND_NAME}-${target}${target.startsWith("windows") ? ".exe" : ""}`;
}

export function parseTargets(list: string | undefined): ExeTarget[] {
  if (!list) return ALL_EXE_TARGETS;
  const names = list
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  const unknown = names.filter((n) => !(n in EXE_TARGETS));
  if (unknown.length > 0) throw new Error(`unknown target ${unknown.join(", ")}: use ${ALL_EXE_TARGETS.join(", ")}`);
  return names as ExeTarget[];
}
