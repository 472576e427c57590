/** wait_for: until text appears on the page or an element ref exists, up to timeoutMs. */
import { pageContent, ToolFailure } from "../../results";
import type { ToolHandler } from "../context";

const DEFAULT_WAIT_MS = 5_000;

export const waitFor: ToolHandler<"wait_for"> = async (args, ctx) => {
  // Both fields are optional in the schema, but there is nothing to wait for without one.
  if (!args.text && !args.ref) throw new ToolFailure("wait_for needs text or ref.");
  const { tab, site } = await ctx.readableTab(args.tabId);
  const { target, frameId } = await ctx.optionalRef(tab, args.ref);
  const reply = await ctx.onPage(
    tab.id,
    {
      op: "wait_for",
      ...target,
      ...(args.text ? { text: args.text } : {}),
      timeoutMs: args.timeoutMs ?? DEFAULT_WAIT_MS,
    },
    frameId,
  );
  return pageContent(site.site, reply.text);
};
