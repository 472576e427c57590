/** select_option: an option, by value or label, in the <select> with this ref, after the user agrees. */
import type { ToolHandler } from "../context";
import { quoteShort } from "../words";

export const selectOption: ToolHandler<"select_option"> = (args, ctx) =>
  ctx.actOnElement(
    args,
    (element) => `choose ${quoteShort(args.value)} in ${element}`,
    (target) => ({ op: "select_option", ...target, value: args.value }),
  );
