/**
 * A command to run in a terminal, with a button that copies it. `label` names the button for screen
 * readers when a view holds more than one command; `secondary` draws Copy as a secondary button where
 * another button is the place's main action (docs/DESIGN.md, "Buttons").
 */
import { useEffect, useRef, useState } from "preact/hooks";

export function CommandBox({
  command,
  label = "Copy the command",
  secondary = false,
}: {
  command: string;
  label?: string;
  secondary?: boolean;
}) {
  const code = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = setTimeout(() => setCopied(null), 3000);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      setCopied("copied");
    } catch {
      // No clipboard access (the page lost focus): select it, so Ctrl+C copies it.
      const range = document.createRange();
      if (code.current) range.selectNodeContents(code.current);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      setCopied("failed");
    }
  };
  return (
    <div class="command">
      <code class="command__text" ref={code}>
        {command}
      </code>
      <button
        type="button"
        class={secondary ? "button button--ghost button--small" : "button button--small"}
        onClick={() => void copy()}
        aria-label={label}
      >
        {copied === "copied" ? "Copied" : "Copy"}
      </button>
      {copied === "failed" && (
        <span class="command__hint" role="alert">
          Selected: press Ctrl+C (⌘C) to copy.
        </span>
      )}
    </div>
  );
}
