/**
 * Runs `run` in a new task, so after every promise reaction already queued (and the ones those
 * queue). A message on a fresh MessageChannel rather than setTimeout(0): timers chained from timer
 * callbacks are clamped to 4 ms each after five levels
 * (https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#timers), and Node's never
 * fire under 1 ms. The channel is closed once used, so nothing is left holding the event loop.
 */
export function nextTask(run: () => void): void {
  const { port1, port2 } = new MessageChannel();
  port1.addEventListener(
    "message",
    () => {
      port1.close();
      run();
    },
    { once: true },
  );
  port1.start();
  port2.postMessage(null);
}
