/** Ending an agent's tree on Windows: taskkill /T, else the tree read from wmic (windows-tree-kill.ts). */
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { killWindowsTree, type TreeKillDeps } from "../../../../native-host/agent/windows-tree-kill";

/**
 * What Wine 8's wmic writes to a pipe: UTF-16 with a byte-order mark, columns in alphabetical order, the
 * header's names run together.
 */
function wmicOutput(rows: Array<[parent: number, pid: number]>): Buffer {
  const lines = ["ParentProcessIDProcessID", ...rows.map(([parent, pid]) => `${String(parent).padEnd(5)}${String(pid).padEnd(5)}`)];
  return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`${lines.join("\r\n")}\r\n`, "utf16le")]);
}

const WINE_TASKKILL_T = Buffer.from("Error: Unknown or invalid command line option specified.\n");

function machine(o: { taskkill: number | null; wmic?: { status: number | null; stdout: Buffer } }) {
  const ran: string[] = [];
  const killed: number[] = [];
  const deps: TreeKillDeps = {
    system32: "C:\\Windows\\System32",
    run: (file, args) => {
      ran.push([file, ...args].join(" "));
      if (file.endsWith("taskkill.exe")) return { status: o.taskkill, stdout: o.taskkill === 0 ? Buffer.alloc(0) : WINE_TASKKILL_T };
      return o.wmic ?? { status: null, stdout: Buffer.alloc(0) };
    },
    kill: (pid) => {
      killed.push(pid);
      if (pid === 999) throw new Error("ESRCH");
    },
  };
  return { deps, ran, killed };
}

describe("killWindowsTree", () => {
  it("leaves it to taskkill /T when that works", () => {
    const m = machine({ taskkill: 0 });
    expect(killWindowsTree(292, m.deps)).toBe("taskkill");
    expect(m.ran).toEqual(["C:\\Windows\\System32\\taskkill.exe /PID 292 /T /F"]);
    expect(m.killed).toEqual([]);
  });

  it("when taskkill fails (Wine has no /T), ends the tree wmic lists, each process after its children", () => {
    // cmd.exe 292 runs the agent 308, which started an MCP server 336 and 340; 400 is someone else's.
    const m = machine({
      taskkill: 1,
      wmic: {
        status: 0,
        stdout: wmicOutput([
          [0, 32],
          [32, 292],
          [292, 308],
          [308, 336],
          [308, 340],
          [32, 400],
        ]),
      },
    });
    expect(killWindowsTree(292, m.deps)).toBe("wmic");
    expect(m.ran[1]).toBe("C:\\Windows\\System32\\wbem\\wmic.exe process get ParentProcessId,ProcessId");
    expect(m.killed).toEqual([336, 340, 308, 292]);
  });

  it("reads wmic's columns by name, in either order, and UTF-8 output too", () => {
    const text = "ProcessId  ParentProcessId\r\n292        32\r\n308        292\r\n";
    const m = machine({ taskkill: 1, wmic: { status: 0, stdout: Buffer.from(text) } });
    expect(killWindowsTree(292, m.deps)).toBe("wmic");
    expect(m.killed).toEqual([308, 292]);
  });

  it("ends a tree once although a reused id makes a loop, and goes on past a process already gone", () => {
    const m = machine({
      taskkill: 1,
      wmic: {
        status: 0,
        stdout: wmicOutput([
          [292, 999],
          [999, 292],
          [999, 500],
        ]),
      },
    });
    expect(killWindowsTree(292, m.deps)).toBe("wmic");
    expect(m.killed).toEqual([500, 999, 292]);
  });

  it("without wmic (or with nothing it can read) ends the agent's own process", () => {
    for (const wmic of [undefined, { status: 0, stdout: Buffer.from("garbage") }, { status: 1, stdout: wmicOutput([[292, 308]]) }]) {
      const m = machine({ taskkill: 128, ...(wmic ? { wmic } : {}) });
      expect(killWindowsTree(292, m.deps)).toBe("process");
      expect(m.killed).toEqual([292]);
    }
  });

  it("is self-contained, as the reaper runs its source text alone", () => {
    const m = machine({ taskkill: 1, wmic: { status: 0, stdout: wmicOutput([[292, 308]]) } });
    // A context with nothing of this module's: only the language's own globals.
    const standalone = vm.runInNewContext(`(${killWindowsTree.toString()})`) as typeof killWindowsTree;
    expect(standalone(292, m.deps)).toBe("wmic");
    expect(m.killed).toEqual([308, 292]);
  });
});
