/** hover: the mouse onto the element with this ref (a menu that opens on hover), after the user agrees. */
import type { ToolHandler } from "../context";

export const hover: ToolHandler<"hover"> = (args, ctx) =>
  ctx.actOnElement(
    args,
    (element) => `move the mouse over ${element}`,
    (target) => ({ op: "hover", ...target }),
  );
