/** The composer's context chips: where each came from, exactly what will be sent, and a way to remove it. */
import type { PageContext } from "../../state/conversation/page-context";
import { Icon } from "../icons";
import { attachments, removeAttachment } from "./attachments";

const KIND_LABEL = { selection: "Selection", page: "Page", screenshot: "Screenshot" } as const;

export function Chips() {
  const list = attachments.value;
  if (list.length === 0) return null;
  return (
    <ul class="chips" aria-label="Attached context">
      {list.map((c) => (
        <li key={c.id} class={`context-chip context-chip--${c.kind}`}>
          <details>
            <summary>
              <span class="context-chip__kind">{KIND_LABEL[c.kind]}</span>
              <span class="context-chip__title">{c.title || hostOf(c.url)}</span>
              <span class="context-chip__url">{hostOf(c.url)}</span>
            </summary>
            <ChipBody context={c} />
          </details>
          <button
            type="button"
            class="context-chip__remove"
            aria-label={`Remove ${KIND_LABEL[c.kind].toLowerCase()} from ${c.title || c.url}`}
            onClick={() => removeAttachment(c.id)}
          >
            <Icon name="close" size={12} />
          </button>
        </li>
      ))}
    </ul>
  );
}

function ChipBody({ context: c }: { context: PageContext }) {
  if (c.kind === "screenshot")
    return <img class="context-chip__image" alt={`Screenshot of ${c.title || c.url}`} src={`data:${c.mimeType};base64,${c.data}`} />;
  return (
    <div class="context-chip__body">
      <p class="context-chip__source">{c.url}</p>
      <pre class="context-chip__text">{c.text}</pre>
      {c.kind === "page" && c.truncated && (
        <p class="context-chip__note">
          Truncated: the first {c.text.length.toLocaleString("en")} of {c.originalChars.toLocaleString("en")} characters will be sent.
        </p>
      )}
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
