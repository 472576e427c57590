/** fill_form: several fields in one call, with one question listing every field and what goes in it. */
import type { ToolHandler } from "../context";
import { quoteShort } from "../words";

export const fillForm: ToolHandler<"fill_form"> = (args, ctx) =>
  ctx.actOnElements(
    { tabId: args.tabId, refs: args.fields.map((f) => f.ref) },
    (elements) => {
      const lines = args.fields.map((f, i) => {
        const value = typeof f.value === "boolean" ? (f.value ? "checked" : "unchecked") : quoteShort(f.value);
        return `${elements[i] ?? f.ref}: ${value}`;
      });
      const n = args.fields.length;
      return { action: `fill in ${n} field${n === 1 ? "" : "s"} (${lines.join("; ")})`, element: lines.join("\n") };
    },
    (token) => ({ op: "fill_form", ...(token ? { token } : {}), fields: args.fields.map((f) => ({ ref: f.ref, value: f.value })) }),
  );
