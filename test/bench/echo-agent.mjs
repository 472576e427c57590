// Bench-only agent: writes every stdin line back unchanged, so a round trip measures the host alone.
// Lines are passed through as Buffers, split on newline bytes; nothing is parsed.
process.stdin.on("data", (chunk) => {
  if (!process.stdout.write(chunk)) {
    process.stdin.pause();
    process.stdout.once("drain", () => process.stdin.resume());
  }
});
process.stdin.on("end", () => process.exit(0));
