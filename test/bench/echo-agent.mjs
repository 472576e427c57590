// Bench-only agent: writes every stdin line back unchanged, so a round trip measures the host alone.
// Bytes are passed through as they arrive; nothing is parsed, except that the exact line
// EMIT + "<bytes>}}\n" is answered with a JSON-RPC notification of that many bytes, written at once
// (an agent's own huge line, without a huge message on the way in). A request whose id starts with
// SINK is read to its newline and answered with a small result, as an agent answers a prompt: the
// inbound bench measures a big message from the browser without a big one coming back.
const EMIT = '{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"bench-emit","bytes":';
const SINK = '{"jsonrpc":"2.0","id":"bench-sink-';
let sinking = false;
let sinkId = "";

if (process.argv[2] === "--version") {
  process.stdin.resume();
  process.stdin.on("end", () => process.stdout.write("echo-agent 1.0.0\n"));
} else {
  process.stdin.on("data", (chunk) => {
    if (sinking || chunk.toString("latin1", 0, SINK.length) === SINK) return sink(chunk);
    if (chunk.length < 200 && chunk.toString("latin1").startsWith(EMIT))
      return emit(Number.parseInt(chunk.toString("latin1").slice(EMIT.length), 10));
    if (!process.stdout.write(chunk)) {
      process.stdin.pause();
      process.stdout.once("drain", () => process.stdin.resume());
    }
  });
  process.stdin.on("end", () => process.exit(0));
}

function emit(bytes) {
  const head = '{"jsonrpc":"2.0","method":"session/update","params":{"text":"';
  const tail = '"}}\n';
  const line = Buffer.alloc(bytes + 1, "x");
  line.write(head, 0, "latin1");
  line.write(tail, bytes + 1 - tail.length, "latin1");
  process.stdout.write(line);
}

/** Swallows a sink request up to its newline (the bench sends one at a time), then answers it. */
function sink(chunk) {
  if (!sinking) {
    const head = chunk.toString("latin1", 0, 200);
    sinkId = head.slice(0, head.indexOf('"', SINK.length) + 1).slice(SINK.length - '"bench-sink-'.length);
  }
  sinking = true;
  if (!chunk.includes(10)) return;
  sinking = false;
  process.stdout.write(`{"jsonrpc":"2.0","id":${sinkId},"result":{"stopReason":"end_turn"}}\n`);
}
