/**
 * Ends an agent's process tree on Windows, where there are no process groups. `taskkill /T /F /PID`
 * first: Windows' own tree walk. When it fails (Wine's taskkill has no /T and answers "Unknown or
 * invalid command line option specified"), the tree comes from `wmic process get
 * ParentProcessId,ProcessId`, read while the agent still runs, and each process is ended, children
 * before their parent, with TerminateProcess (Node's process.kill on Windows). Where wmic is missing
 * too (an optional feature since Windows 11 24H2), only the agent's own process is ended. (A process
 * whose parent id names the agent but was started by an earlier owner of that id would be ended too;
 * Wine's wmic has no creation times to tell them apart.)
 *
 * `killWindowsTree` is self-contained (everything it uses comes in `deps`), because the reaper runs
 * its source text too (reaper.ts): keep it free of imports and helpers from outside it.
 */

export interface TreeKillDeps {
  /** Runs a program without a shell and waits for it, at most `timeoutMs`. */
  run(file: string, args: string[], timeoutMs: number): { status: number | null; stdout: Buffer };
  /** TerminateProcess by pid; throws if there is no such process. */
  kill(pid: number): void;
  /** %SystemRoot%\System32. */
  system32: string;
}

/** How the tree was ended: Windows' own walk, ours through wmic, or the agent process alone. */
export type TreeKillWay = "taskkill" | "wmic" | "process";

export function killWindowsTree(pid: number, deps: TreeKillDeps): TreeKillWay {
  const join = (...parts: string[]) => parts.join("\\");
  const taskkill = deps.run(join(deps.system32, "taskkill.exe"), ["/PID", String(pid), "/T", "/F"], 3000);
  if (taskkill.status === 0) return "taskkill";
  const listed = deps.run(join(deps.system32, "wbem", "wmic.exe"), ["process", "get", "ParentProcessId,ProcessId"], 3000);
  const out = listed.stdout;
  // wmic writes UTF-16 with a byte-order mark to a pipe.
  const text = out.length >= 2 && out[0] === 0xff && out[1] === 0xfe ? out.subarray(2).toString("utf16le") : out.toString("utf8");
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  // Wine's wmic runs the header's names together ("ParentProcessIDProcessID"): found by name, not by spaces.
  const header: string[] = (lines[0] ?? "").toLowerCase().match(/parentprocessid|processid/g) ?? [];
  const pidAt = header.indexOf("processid");
  const parentAt = header.indexOf("parentprocessid");
  const children = new Map<number, number[]>();
  if (listed.status === 0 && pidAt >= 0 && parentAt >= 0) {
    for (const line of lines.slice(1)) {
      const cells = line.trim().split(/\s+/).map(Number);
      const [child, parent] = [cells[pidAt]!, cells[parentAt]!];
      if (!Number.isInteger(child) || !Number.isInteger(parent) || child === parent) continue;
      children.set(parent, [...(children.get(parent) ?? []), child]);
    }
  }
  // Depth first, each process after its descendants; a pid seen twice (a reused id) only once.
  const order: number[] = [];
  const seen = new Set<number>();
  const visit = (p: number) => {
    if (seen.has(p)) return;
    seen.add(p);
    for (const c of children.get(p) ?? []) visit(c);
    order.push(p);
  };
  visit(pid);
  for (const p of order) {
    try {
      deps.kill(p);
    } catch {
      // Already gone.
    }
  }
  return order.length > 1 ? "wmic" : "process";
}
