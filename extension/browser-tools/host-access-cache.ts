/**
 * The browser's answer to "may the extension read this origin?", remembered while it is yes: every read
 * asks it, and each question is a round trip to the browser (BENCHMARKS.md). A no is never remembered
 * (the user may grant it from the next consent card), and any permission the user removes forgets
 * every yes, so a revoked site is asked again.
 */
export function rememberedHostAccess(
  ask: (originPattern: string) => Promise<boolean>,
  onRemoved: (forget: () => void) => void,
): (originPattern: string) => Promise<boolean> {
  const granted = new Set<string>();
  let generation = 0;
  onRemoved(() => {
    generation++;
    granted.clear();
  });
  return async (originPattern) => {
    if (granted.has(originPattern)) return true;
    const asked = generation;
    const yes = await ask(originPattern);
    // A removal while the browser answered may have been about this very origin.
    if (yes && asked === generation) granted.add(originPattern);
    return yes;
  };
}
