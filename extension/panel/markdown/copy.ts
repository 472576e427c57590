/** The copy buttons that sanitize.ts adds to code blocks, handled by one listener per message. */

const RESET_MS = 1500;
const resets = new WeakMap<HTMLButtonElement, ReturnType<typeof setTimeout>>();

function show(button: HTMLButtonElement, label: string): void {
  button.textContent = label;
  // The accessible name follows the visible label, so screen readers hear the outcome too.
  button.setAttribute("aria-label", label === "Copy" ? "Copy code" : label);
  clearTimeout(resets.get(button));
  if (label !== "Copy")
    resets.set(
      button,
      setTimeout(() => show(button, "Copy"), RESET_MS),
    );
}

/** Click handler for a rendered-markdown container (event delegation: no listener per button). */
export function onCopyClick(event: MouseEvent): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const button = target.closest<HTMLButtonElement>("button[data-copy]");
  if (!button || !(event.currentTarget as Node).contains(button)) return;
  // The <pre>'s text, not its <code>'s: a block still being written holds its code in several (live-code.ts).
  const pre = button.parentElement?.querySelector("pre");
  if (!pre) return;
  navigator.clipboard.writeText(pre.textContent ?? "").then(
    () => show(button, "Copied"),
    () => show(button, "Copy failed"),
  );
}
