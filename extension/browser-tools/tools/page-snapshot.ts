/** page_snapshot: an outline of the page's landmarks and interactive elements, each with a ref. */
import type { ToolHandler } from "./context";

/** Characters of outline one page_snapshot returns at most. */
const SNAPSHOT_CHARS = 30_000;

export const pageSnapshot: ToolHandler<"page_snapshot"> = (args, ctx) =>
  ctx.withNewRefs(args.tabId, (refStart) => ({ op: "snapshot", refStart, maxChars: SNAPSHOT_CHARS }));
