/** type: text into the input or textarea with this ref, optionally submitting, after the user agrees. */
import type { ToolHandler } from "../context";
import { quoteShort } from "../words";

export const typeText: ToolHandler<"type"> = (args, ctx) =>
  ctx.actOnElement(
    args,
    (element) => `type ${quoteShort(args.text)} into ${element}${args.submit ? " and submit" : ""}`,
    (target) => ({ op: "type", ...target, text: args.text, ...(args.submit ? { submit: true } : {}) }),
  );
