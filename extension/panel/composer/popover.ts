/**
 * A small popover opened by a toggle in the composer's row (More settings, the agent's status at 240 px):
 * it closes on a click outside it and its toggle, on Escape (focus back on the toggle), and when
 * `closeWhen` turns true (the agent stopped, so what it offers no longer applies).
 */
import { useEffect, useRef, useState } from "preact/hooks";

export function usePopover<Box extends HTMLElement>(closeWhen: boolean) {
  const [open, setOpen] = useState(false);
  const box = useRef<Box>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (closeWhen) setOpen(false);
  }, [closeWhen]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!box.current?.contains(t) && !toggle.current?.contains(t)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  return { open, setOpen, box, toggle };
}
