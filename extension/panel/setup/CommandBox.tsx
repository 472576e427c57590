/** A command to run in a terminal, with a button that copies it. */
import { useEffect, useRef, useState } from "preact/hooks";

export function CommandBox({ command }: { command: string }) {
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
      <button type="button" class="button button--small" onClick={() => void copy()} aria-label="Copy the command">
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
