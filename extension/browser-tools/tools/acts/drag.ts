/** drag: one element onto another (both refs of the same page), at a position on it, after the user agrees. */
import type { ToolHandler } from "../context";

export const drag: ToolHandler<"drag"> = (args, ctx) => {
  const at = args.offset ?? args.position;
  const where = args.position ? `${args.position} ` : "onto ";
  return ctx.actOnElements(
    { tabId: args.tabId, refs: [args.ref, args.to] },
    ([from = "", to = ""]) => ({ action: `drag ${from} ${where}${to}`, element: `${from} → ${to}` }),
    (token) => ({ op: "drag", ref: args.ref, to: args.to, ...(at ? { at } : {}), ...(token ? { token } : {}) }),
  );
};
