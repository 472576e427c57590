/**
 * The answers to a question about a call, the agent's permission request and goose-browser's consent
 * alike: the two everyday answers (allow, deny) in one row that fits the narrowest panel, and the
 * lasting ones ("Always allow", "Always deny") behind "More", on a row of their own when opened, so no
 * answer ever wraps alone onto a line.
 */
import { useState } from "preact/hooks";
import { Icon } from "../icons";

export interface Answer {
  key: string;
  /** The words on the button (the same for the agent's options and the browser's consent). */
  label: string;
  /** What a screen reader hears, when the label alone leaves out what it applies to. */
  name?: string;
  /** Styles the button: allow_once, allow_always, reject_once, reject_always. */
  kind: string;
  title?: string;
  onClick(): void;
}

export function AnswerRow({ main, more }: { main: Answer[]; more: Answer[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div class="approval__options">
        {main.map((a) => (
          <AnswerButton key={a.key} answer={a} />
        ))}
        {more.length > 0 && (
          <button
            type="button"
            class="button approval__more"
            aria-expanded={open}
            aria-label="More answers"
            title="More answers"
            onClick={() => setOpen(!open)}
          >
            <Icon name="menu" size={16} />
          </button>
        )}
      </div>
      {open && more.length > 0 && (
        <div class="approval__options approval__options--more">
          {more.map((a) => (
            <AnswerButton key={a.key} answer={a} />
          ))}
        </div>
      )}
    </>
  );
}

function AnswerButton({ answer: a }: { answer: Answer }) {
  return (
    <button
      type="button"
      class={`button approval__option approval__option--${a.kind}`}
      onClick={a.onClick}
      title={a.title}
      aria-label={a.name}
    >
      {a.label}
    </button>
  );
}
