/** Renders text with `backticked` spans as <code>. Text only, never HTML: host text is untrusted. */
export function InlineCode({ text }: { text: string }) {
  const parts = text.split("`");
  // Unbalanced backticks mark nothing reliably: show the text as it is.
  if (parts.length % 2 === 0) return <>{text}</>;
  return <>{parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}</>;
}
