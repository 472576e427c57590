/** select_text: text in the element with this ref, after the user agrees. */
import type { ToolHandler } from "../context";

export const selectText: ToolHandler<"select_text"> = (args, ctx) => {
  const what =
    args.text !== undefined
      ? `"${args.text.length > 60 ? `${args.text.slice(0, 59)}…` : args.text}"`
      : args.start !== undefined || args.end !== undefined
        ? `characters ${args.start ?? 0}–${args.end ?? "end"}`
        : "all the text";
  return ctx.actOnElement(
    args,
    (element) => `select ${what} in ${element}`,
    (target) => ({
      op: "select_text",
      ...target,
      ...(args.text !== undefined ? { text: args.text } : {}),
      ...(args.start !== undefined ? { start: args.start } : {}),
      ...(args.end !== undefined ? { end: args.end } : {}),
    }),
  );
};
