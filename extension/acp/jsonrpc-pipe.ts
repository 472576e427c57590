/**
 * An ACP SDK `Stream` over the native port: messages the host delivers (already whole, chunks
 * reassembled) are pushed into the readable side; what the SDK writes goes to the port as-is.
 */

import type { JsonRpcMessage } from "../../shared/host-protocol";
import type { AnyMessage, Stream } from "./schema";

export interface JsonRpcPipe {
  stream: Stream;
  deliver(message: JsonRpcMessage): void;
  /** Ends the readable side: the SDK then fails every pending request. */
  close(): void;
}

export function createJsonRpcPipe(send: (message: AnyMessage) => void): JsonRpcPipe {
  let controller: ReadableStreamDefaultController<AnyMessage> | null = null;
  let closed = false;
  const readable = new ReadableStream<AnyMessage>({
    start(c) {
      controller = c;
    },
  });
  const writable = new WritableStream<AnyMessage>({
    write(message) {
      if (!closed) send(message);
    },
  });
  return {
    stream: { readable, writable },
    deliver(message) {
      if (!closed) controller?.enqueue(message as AnyMessage);
    },
    close() {
      if (closed) return;
      closed = true;
      controller?.close();
    },
  };
}
