import { FramePool } from "../../native-host/wire/frame-pool";
import { FrameDecoder } from "../../native-host/wire/frames";
import { chunkFrame } from "../../native-host/wire/outbound";
import { CHUNK_PIECE_BYTES, type HostChunk } from "../../shared/host-protocol";

/** The host's chunk frames for `bytes`, decoded back into the envelopes the extension receives. */
export function chunksOf(bytes: Uint8Array, id: string, pieceBytes = CHUNK_PIECE_BYTES): HostChunk[] {
  const d = new FrameDecoder(new FramePool());
  const all = Buffer.from(bytes);
  const count = Math.max(1, Math.ceil(all.length / pieceBytes));
  const chunks: HostChunk[] = [];
  for (let index = 0; index < count; index++) {
    const frame = chunkFrame({ id, index, last: index === count - 1 }, all.subarray(index * pieceBytes, (index + 1) * pieceBytes));
    for (const e of d.push(frame)) {
      if (e.kind !== "message") throw new Error(e.message);
      chunks.push((e.value as { host: HostChunk }).host);
    }
  }
  return chunks;
}
