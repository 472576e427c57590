/** A History row being renamed: the title as a text box; Enter or Save renames through goose, Escape or Cancel leaves it. */
import { useEffect, useRef, useState } from "preact/hooks";
import { send } from "../../view/background-link";

export function RenameRow({ sessionId, title, onDone }: { sessionId: string; title: string; onDone(): void }) {
  const [text, setText] = useState(title);
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => box.current?.select(), []);
  const save = () => {
    const name = text.trim();
    if (name && name !== title) send({ type: "rename_session", sessionId, title: name });
    onDone();
  };
  return (
    <form
      class="history__rename"
      onSubmit={(e) => {
        e.preventDefault();
        save();
      }}
    >
      <input
        ref={box}
        type="text"
        aria-label={`New name for ${title}`}
        value={text}
        maxLength={200}
        onInput={(e) => setText((e.target as HTMLInputElement).value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            onDone();
          }
        }}
      />
      <button type="submit" class="button button--small" disabled={!text.trim()}>
        Save
      </button>
      <button type="button" class="button button--ghost button--small" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}
