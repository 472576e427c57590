import { FrameDecoder } from "../../../native-host/frames";
import { chunkFrames } from "../../../native-host/outbound";
import type { HostChunk } from "../../../shared/host-protocol";

/** The host's chunk frames for `bytes`, decoded back into the envelopes the extension receives. */
export function chunksOf(bytes: Uint8Array, id: string, pieceBytes?: number): HostChunk[] {
  const d = new FrameDecoder();
  return chunkFrames(Buffer.from(bytes), id, pieceBytes).flatMap((f) =>
    d.push(f).map((e) => {
      if (e.kind !== "message") throw new Error(e.message);
      return (e.value as { host: HostChunk }).host;
    }),
  );
}
