/** click: the element with this ref, after the user agrees. */
import type { ToolHandler } from "../context";

export const click: ToolHandler<"click"> = (args, ctx) =>
  ctx.actOnElement(
    args,
    (element) => `click ${element}`,
    (target) => ({ op: "click", ...target }),
  );
