/** Keeps the last lines the agent wrote to stderr (bounded), for crash reports. */
const MAX_LINE_CHARS = 500;

export class StderrTail {
  private lines: string[] = [];
  private partial = "";
  private readonly decoder = new TextDecoder("utf-8");

  constructor(private readonly keep = 20) {}

  /** Returns the complete lines in this chunk (for the log). */
  push(chunk: Buffer): string[] {
    const text = this.partial + this.decoder.decode(chunk, { stream: true });
    const parts = text.split(/\r?\n/);
    this.partial = (parts.pop() ?? "").slice(-MAX_LINE_CHARS * 4);
    const complete = parts.filter((l) => l.trim() !== "").map(clip);
    this.lines.push(...complete);
    if (this.lines.length > this.keep) this.lines.splice(0, this.lines.length - this.keep);
    return complete;
  }

  tail(): string[] {
    const rest = this.partial.trim() === "" ? [] : [clip(this.partial)];
    return [...this.lines, ...rest].slice(-this.keep);
  }
}

function clip(line: string): string {
  return line.length > MAX_LINE_CHARS ? `${line.slice(0, MAX_LINE_CHARS)}…` : line;
}
