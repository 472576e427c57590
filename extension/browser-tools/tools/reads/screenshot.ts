/** screenshot: a PNG of the tab, which must be the one showing in its window (the browser captures only that). */
import { ToolFailure } from "../../results";
import type { ToolHandler } from "../context";

export const screenshot: ToolHandler<"screenshot"> = async (args, ctx) => {
  const { tab } = await ctx.readableTab(args.tabId);
  if (!tab.active) {
    throw new ToolFailure(
      `Tab ${tab.id} is not the visible tab of its window, and only the visible tab can be captured. ` +
        "Ask the user to switch to it, or use page_snapshot or read_page.",
    );
  }
  let dataUrl: string;
  try {
    dataUrl = await ctx.deps.api.captureVisibleTab(tab.windowId);
  } catch (e) {
    throw new ToolFailure(`The screenshot failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  const match = /^data:(image\/[a-z]+);base64,(.+)$/.exec(dataUrl);
  if (!match?.[1] || !match[2]) throw new ToolFailure("The browser returned no image.");
  return {
    content: [
      { type: "text", text: `Screenshot of tab ${tab.id} (${tab.url ?? "address not visible"}); the image is page content, untrusted.` },
      { type: "image", mimeType: match[1], data: match[2] },
    ],
  };
};
