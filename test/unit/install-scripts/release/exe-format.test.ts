import { describe, expect, it } from "vitest";
import { exeFormat } from "../../../../install-scripts/release/exe-format";

function elf(machine: number, cls = 2, data = 1): Buffer {
  const b = Buffer.alloc(64);
  b.writeUInt32BE(0x7f454c46, 0);
  b[4] = cls;
  b[5] = data;
  b.writeUInt16LE(machine, 18);
  return b;
}

function macho(cpu: number): Buffer {
  const b = Buffer.alloc(32);
  b.writeUInt32LE(0xfeedfacf, 0);
  b.writeUInt32LE(cpu, 4);
  return b;
}

function pe(machine: number, signature = "PE\0\0"): Buffer {
  const at = 0x80;
  const b = Buffer.alloc(0x100);
  b.write("MZ", 0, "latin1");
  b.writeUInt32LE(at, 0x3c);
  b.write(signature, at, "latin1");
  b.writeUInt16LE(machine, at + 4);
  return b;
}

describe("exeFormat", () => {
  it("reads ELF's machine, Mach-O's cputype and PE's machine", () => {
    expect(exeFormat(elf(0x3e))).toEqual({ kind: "elf", machine: "x86-64" });
    expect(exeFormat(elf(0xb7))).toEqual({ kind: "elf", machine: "aarch64" });
    expect(exeFormat(macho(0x0100000c))).toEqual({ kind: "macho", cpu: "arm64" });
    expect(exeFormat(macho(0x01000007))).toEqual({ kind: "macho", cpu: "x86_64" });
    expect(exeFormat(pe(0x8664))).toEqual({ kind: "pe", machine: "amd64" });
  });

  it("says what else a file is rather than guessing", () => {
    expect(exeFormat(elf(0x28))).toEqual({ kind: "unknown", why: "ELF machine 0x28" });
    expect(exeFormat(elf(0x3e, 1))).toMatchObject({ kind: "unknown", why: /not 64-bit/ });
    expect(exeFormat(macho(0x12))).toEqual({ kind: "unknown", why: "Mach-O cputype 0x12" });
    expect(exeFormat(pe(0xaa64))).toEqual({ kind: "unknown", why: "PE machine 0xaa64" });
    expect(exeFormat(pe(0x8664, "NE\0\0"))).toEqual({ kind: "unknown", why: "MZ without a PE header" });
    const pointsPastTheEnd = pe(0x8664);
    pointsPastTheEnd.writeUInt32LE(0x4000, 0x3c);
    expect(exeFormat(pointsPastTheEnd)).toEqual({ kind: "unknown", why: "MZ without a PE header" });
    expect(exeFormat(Buffer.from("#!/bin/sh\nexit 0\n"))).toMatchObject({ kind: "unknown" });
    expect(exeFormat(Buffer.alloc(0))).toMatchObject({ kind: "unknown" });
  });
});
