/**
 * The host's WebSocket to a goose serve (docs/goose-serve.md), with `ws`: Node 20 has no WebSocket
 * client without a flag, and a browser-style one cannot send the `X-Secret-Key` header, which keeps
 * the token out of the URL. One JSON-RPC message per text message each way. Every message leaves in
 * fragments of at most 1 MiB, since goose closes the connection on a frame over 16 MiB (its messages
 * may be 64 MiB). The host sends no Origin, so goose's Origin check lets it in. `ws` is loaded on the
 * first connection, so a host that never uses a goose serve profile does not evaluate it.
 */
import type WebSocket from "ws";
import { MAX_CHUNKED_LINE_BYTES } from "../../shared/host-protocol";
import type { PinnedTls } from "./pinned-certificate";

const FRAGMENT_BYTES = 1024 * 1024;
const HANDSHAKE_TIMEOUT_MS = 10_000;
/** Past this many bytes queued for the network, the relay stops reading the browser until they drain. */
const HIGH_WATER_BYTES = 4 * 1024 * 1024;

export interface ServeSocketEvents {
  /** One text message: the buffer is the event's own. Binary messages are dropped (goose sends none). */
  message(data: Buffer): void;
  /** The connection ended; `why` in words (the code, the reason, or the network error). */
  closed(code: number, why: string): void;
}

export type OpenResult = { ok: true; socket: ServeSocket } | { ok: false; status: number } | { ok: false; error: NodeJS.ErrnoException };

export async function openServeSocket(
  url: string,
  token: string,
  tls: PinnedTls | undefined,
  events: ServeSocketEvents,
): Promise<OpenResult> {
  const { default: WebSocketClient } = await import("ws");
  return new Promise((resolve) => {
    const ws = new WebSocketClient(url, {
      headers: { "X-Secret-Key": token },
      handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
      maxPayload: MAX_CHUNKED_LINE_BYTES,
      perMessageDeflate: false,
      followRedirects: false,
      ...tls,
    });
    let settled = false;
    ws.once("unexpected-response", (_req, res) => {
      settled = true;
      res.resume();
      ws.terminate();
      resolve({ ok: false, status: res.statusCode ?? 0 });
    });
    ws.once("error", (error: NodeJS.ErrnoException) => {
      if (settled) return;
      settled = true;
      resolve({ ok: false, error });
    });
    ws.once("open", () => {
      settled = true;
      resolve({ ok: true, socket: new ServeSocket(ws, events) });
    });
  });
}

export class ServeSocket {
  /** Bytes handed to `ws` and not yet written to the network. */
  private queued = 0;
  private drainWaiters: Array<() => void> = [];
  private lastError: string | undefined;

  constructor(
    private readonly ws: WebSocket,
    events: ServeSocketEvents,
  ) {
    ws.on("message", (data: Buffer, isBinary: boolean) => {
      if (!isBinary) events.message(data);
    });
    ws.on("error", (e: NodeJS.ErrnoException) => (this.lastError = e.code ?? e.message));
    ws.once("close", (code: number, reason: Buffer) => {
      this.queued = 0;
      this.drained();
      events.closed(code, closeWords(code, reason.toString("utf8"), this.lastError));
    });
  }

  get open(): boolean {
    return this.ws.readyState === this.ws.OPEN;
  }

  /**
   * Sends one JSON-RPC message, given as one buffer or its parts (a streamed frame's), in fragments.
   * `done` runs once nothing reads the buffers any more. False: wait for `onceDrain` before more.
   */
  send(message: Buffer | readonly Buffer[], done?: () => void): boolean {
    const pieces: Buffer[] = [];
    const parts: readonly Buffer[] = Buffer.isBuffer(message) ? [message] : (message as readonly Buffer[]);
    for (const part of parts) {
      for (let at = 0; at < part.length; at += FRAGMENT_BYTES) pieces.push(part.subarray(at, at + FRAGMENT_BYTES));
    }
    if (!this.open) {
      done?.();
      return false;
    }
    if (pieces.length === 0) pieces.push(Buffer.alloc(0));
    pieces.forEach((piece, i) => {
      const last = i === pieces.length - 1;
      this.queued += piece.length;
      this.ws.send(piece, { binary: false, fin: last, compress: false, mask: true }, () => {
        this.queued -= piece.length;
        if (last) done?.();
        if (this.queued < HIGH_WATER_BYTES / 4) this.drained();
      });
    });
    return this.queued < HIGH_WATER_BYTES;
  }

  onceDrain(cb: () => void): void {
    if (this.queued < HIGH_WATER_BYTES || !this.open) cb();
    else this.drainWaiters.push(cb);
  }

  /** Stops reading; a message already read may still arrive (ws's pause). */
  pause(): void {
    this.ws.pause();
  }

  resume(): void {
    this.ws.resume();
  }

  /** A normal close (1000): the host stops or switches profiles. */
  close(): void {
    this.ws.close(1000, "goose-browser host closing");
  }

  /** Now, without a close handshake (the host is dying). */
  terminate(): void {
    this.ws.terminate();
  }

  private drained(): void {
    const waiters = this.drainWaiters;
    this.drainWaiters = [];
    for (const cb of waiters) cb();
  }
}

function closeWords(code: number, reason: string, error: string | undefined): string {
  const what = code === 1006 ? "1006, no close frame: the server went away" : `${code}${reason ? `, "${reason.slice(0, 200)}"` : ""}`;
  return error ? `${what}; ${error}` : what;
}
