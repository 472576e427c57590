/** A data: URL for an image block the panel may show inline (common raster types only; SVG can carry script). */
import type { ImageContent } from "../../acp/schema";

export function inlineImageSrc(block: Pick<ImageContent, "mimeType" | "data">): string | null {
  return /^image\/(png|jpeg|gif|webp)$/.test(block.mimeType) ? `data:${block.mimeType};base64,${block.data}` : null;
}
