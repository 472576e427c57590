/** press_key: a key or chord on the element with this ref, or on the focused element, after the user agrees. */
import type { ToolHandler } from "../context";

export const pressKey: ToolHandler<"press_key"> = (args, ctx) =>
  ctx.actOnElements(
    { tabId: args.tabId, refs: args.ref ? [args.ref] : [] },
    ([element = ""]) => ({ action: `press ${args.key} on ${element}`, element }),
    (token) => ({ op: "press_key", key: args.key, ...(token ? { token } : {}), ...(args.ref ? { ref: args.ref } : {}) }),
  );
