/**
 * Which executable format and machine a file's header says it is: ELF (e_machine), Mach-O 64-bit
 * (cputype) or PE (the COFF header's Machine). Enough to check that each build of build-exe.ts is for
 * its target without running it. Pure. Formats: the System V ABI's ELF header, Apple's
 * <mach-o/loader.h> and <mach/machine.h>, Microsoft's PE Format ("Machine Types").
 */
import type { ExeTargetInfo } from "./exe-targets";

export type ExeFormat = ExeTargetInfo["format"] | { kind: "unknown"; why: string };

const ELF_MACHINES: Record<number, "x86-64" | "aarch64"> = { 62: "x86-64", 183: "aarch64" };
const MACHO_CPUS: Record<number, "x86_64" | "arm64"> = { 16777223: "x86_64", 16777228: "arm64" };
const PE_AMD64 = 0x8664;

export function exeFormat(head: Buffer): ExeFormat {
  if (head.length >= 20 && head.readUInt32BE(0) === 0x7f454c46) {
    // EI_CLASS 2 (64-bit) and EI_DATA 1 (little-endian): the only kind we build.
    if (head[4] !== 2 || head[5] !== 1) return { kind: "unknown", why: "an ELF file that is not 64-bit little-endian" };
    const machine = ELF_MACHINES[head.readUInt16LE(18)];
    return machine ? { kind: "elf", machine } : { kind: "unknown", why: `ELF machine 0x${head.readUInt16LE(18).toString(16)}` };
  }
  if (head.length >= 8 && head.readUInt32LE(0) === 0xfeedfacf) {
    const cpu = MACHO_CPUS[head.readUInt32LE(4)];
    return cpu ? { kind: "macho", cpu } : { kind: "unknown", why: `Mach-O cputype 0x${head.readUInt32LE(4).toString(16)}` };
  }
  if (head.length >= 0x40 && head.toString("latin1", 0, 2) === "MZ") {
    const pe = head.readUInt32LE(0x3c);
    if (head.length < pe + 6 || head.toString("latin1", pe, pe + 4) !== "PE\0\0") return { kind: "unknown", why: "MZ without a PE header" };
    const machine = head.readUInt16LE(pe + 4);
    return machine === PE_AMD64 ? { kind: "pe", machine: "amd64" } : { kind: "unknown", why: `PE machine 0x${machine.toString(16)}` };
  }
  return { kind: "unknown", why: "not ELF, Mach-O 64-bit or PE" };
}

/** The first 4 KiB, where every one of these headers lies. */
export const HEADER_BYTES = 4096;
