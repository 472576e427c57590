/** drag: one element onto another (both refs of the same page), after the user agrees. */
import type { ToolHandler } from "./context";

export const drag: ToolHandler<"drag"> = (args, ctx) =>
  ctx.actOnElements(
    { tabId: args.tabId, refs: [args.ref, args.to] },
    ([from = "", to = ""]) => ({ action: `drag ${from} onto ${to}`, element: `${from} → ${to}` }),
    (token) => ({ op: "drag", ref: args.ref, to: args.to, ...(token ? { token } : {}) }),
  );
