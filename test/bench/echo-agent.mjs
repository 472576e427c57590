// Bench-only agent: writes every stdin line back unchanged, so a round trip measures the host alone.
// Bytes are passed through as they arrive; nothing is parsed, except that the exact line
// EMIT + "<bytes>}}\n" is answered with a JSON-RPC notification of that many bytes, written at once
// (an agent's own huge line, without a huge message on the way in).
const EMIT = '{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"bench-emit","bytes":';

if (process.argv[2] === "--version") {
  process.stdin.resume();
  process.stdin.on("end", () => process.stdout.write("echo-agent 1.0.0\n"));
} else {
  process.stdin.on("data", (chunk) => {
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
