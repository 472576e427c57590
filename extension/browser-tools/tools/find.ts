/** find: elements by visible text or accessible name and/or ARIA role, each with a ref. */
import { ToolFailure } from "../results";
import type { ToolHandler } from "./context";

/** Matches one find lists at most. */
const FIND_LIMIT = 20;

export const find: ToolHandler<"find"> = async (args, ctx) => {
  // Both fields are optional in the schema, but a search needs one of them.
  if (!args.text && !args.role) throw new ToolFailure("find needs text, role or both.");
  return ctx.withNewRefs(args.tabId, (refStart) => ({
    op: "find",
    refStart,
    limit: FIND_LIMIT,
    ...(args.text ? { text: args.text } : {}),
    ...(args.role ? { role: args.role } : {}),
  }));
};
