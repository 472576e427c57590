/**
 * A select as wide as its chosen option. CSS's `field-sizing: content` does this where the browser has
 * it (Chromium); Firefox sizes a select to its longest option, so there the select is measured: a copy
 * holding only the chosen option, laid out beside it out of sight, gives the width (its arrow and
 * padding included), which the stylesheet's max-width still caps.
 */
import type { ComponentChildren } from "preact";
import { useLayoutEffect, useRef } from "preact/hooks";

const SIZES_ITSELF = typeof CSS !== "undefined" && CSS.supports("field-sizing", "content");

export function FittedSelect({
  chosen,
  fit = true,
  children,
  ...props
}: {
  /** The chosen option's text: the width follows it. */
  chosen: string;
  /** false: as wide as the room it is given (More settings). */
  fit?: boolean;
  "aria-label": string;
  disabled: boolean;
  value: string;
  onChange(e: Event): void;
  children: ComponentChildren;
}) {
  const ref = useRef<HTMLSelectElement>(null);
  useLayoutEffect(() => {
    const select = ref.current;
    if (SIZES_ITSELF || !fit || !select) return;
    const probe = document.createElement("select");
    probe.setAttribute("aria-hidden", "true");
    probe.tabIndex = -1;
    probe.style.cssText = "position:absolute;visibility:hidden;width:auto;min-width:0;max-width:none";
    probe.append(new Option(chosen));
    select.after(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    select.style.width = `${Math.ceil(width)}px`;
  }, [chosen, fit]);
  return (
    <select ref={ref} {...props}>
      {children}
    </select>
  );
}
