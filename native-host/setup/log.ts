/**
 * Logging to the log file and stderr, never stdout (stdout carries frames only). Message contents
 * are only logged when debug is on; callers pass them through `content()`.
 */
import fs from "node:fs";
import path from "node:path";

const MAX_LOG_BYTES = 5 * 1024 * 1024;

export type Level = "debug" | "info" | "warn" | "error";

export class Logger {
  private fd: number | undefined;

  constructor(
    readonly file: string | undefined,
    readonly debugEnabled: boolean,
  ) {
    if (file) this.open(file);
  }

  debug(msg: string): void {
    if (this.debugEnabled) this.write("debug", msg);
  }
  info(msg: string): void {
    this.write("info", msg);
  }
  warn(msg: string): void {
    this.write("warn", msg);
  }
  error(msg: string): void {
    this.write("error", msg);
  }

  /** Message bodies (prompts, answers) appear in logs only with debug on. */
  content(text: string): string {
    return this.debugEnabled ? text : `<${Buffer.byteLength(text)} bytes; enable debug to log contents>`;
  }

  close(): void {
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }

  private write(level: Level, msg: string): void {
    const line = `${new Date().toISOString()} [${process.pid}] ${level} ${msg}\n`;
    process.stderr.write(line);
    if (this.fd !== undefined) {
      try {
        fs.writeSync(this.fd, line);
      } catch {
        this.fd = undefined;
      }
    }
  }

  private open(file: string): void {
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      // One generation of rotation keeps the file bounded without losing the last session's lines.
      if ((fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0) > MAX_LOG_BYTES) fs.renameSync(file, `${file}.1`);
      this.fd = fs.openSync(file, "a", 0o600);
    } catch (e) {
      process.stderr.write(`goose-browser host: cannot open log file ${file}: ${(e as Error).message}\n`);
    }
  }
}
