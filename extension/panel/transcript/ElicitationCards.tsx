/**
 * The agent's questions (elicitation/create) for the session on screen: a form built from the
 * agent's schema and checked as the user fills it (the background checks it again before it goes),
 * or a link to open, naming the site it leads to. Each is answered Submit/Done (accept), Decline or
 * Cancel, as the schema has it; nothing is ever answered on the user's behalf.
 */
import { useState } from "preact/hooks";
import { sentenceStart } from "../../state/connection/agent-name";
import type { ElicitationState } from "../../state/conversation/elicitation";
import { checkForm, type FormField, type FormValue, formFields } from "../../state/conversation/elicitation-form";
import { agentName } from "../../view/agent-label";
import { send } from "../../view/background-link";
import { activeSessionId, elicitations } from "../../view/state-signals";
import { followNewest } from "./follow";
import "./conversation-control.css";

export function ElicitationCards() {
  const shown = elicitations.value.filter((e) => e.sessionId === null || e.sessionId === activeSessionId.value);
  if (shown.length === 0) return null;
  return <>{shown.map((e) => (e.form ? <FormCard key={e.key} question={e} /> : <UrlCard key={e.key} question={e} />))}</>;
}

const answer = (key: string, action: "accept" | "decline" | "cancel", values?: Record<string, FormValue>) =>
  send({ type: "answer_elicitation", key, action, ...(values ? { values } : {}) });
followNewest();

function FormCard({ question }: { question: ElicitationState }) {
  const schema = question.form!;
  const fields = formFields(schema);
  const [values, setValues] = useState<Record<string, FormValue>>(() => Object.fromEntries(fields.map((f) => [f.name, f.initial])));
  const [tried, setTried] = useState(false);
  const check = checkForm(schema, values);
  const errors = tried && !check.ok ? check.errors : {};
  const set = (name: string, value: FormValue) => setValues((v) => ({ ...v, [name]: value }));
  return (
    <form
      class="elicitation"
      aria-label={`Question from ${agentName.value}`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (check.ok) answer(question.key, "accept", values);
      }}
    >
      <p class="elicitation__message">{question.message}</p>
      {schema.title && <p class="elicitation__hint">{schema.title}</p>}
      {fields.map((f) => (
        <Field
          key={f.name}
          id={`${question.key}-${f.name}`}
          field={f}
          value={values[f.name] ?? f.initial}
          error={errors[f.name]}
          onChange={(v) => set(f.name, v)}
        />
      ))}
      {tried && !check.ok && (
        <p class="elicitation__error" role="alert">
          Some answers need fixing before they can be sent.
        </p>
      )}
      <div class="elicitation__actions">
        <button type="submit" class="button button--small">
          Submit
        </button>
        <button type="button" class="button button--ghost button--small" onClick={() => answer(question.key, "decline")}>
          Decline
        </button>
        <button type="button" class="button button--ghost button--small" onClick={() => answer(question.key, "cancel")}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Field({
  id,
  field,
  value,
  error,
  onChange,
}: {
  /** Unique in the panel: the question's key and the field's name. */
  id: string;
  field: FormField;
  value: FormValue;
  error?: string;
  onChange(v: FormValue): void;
}) {
  const describedBy = error ? `${id}-error` : undefined;
  const label = `${field.label}${field.required ? " (required)" : ""}`;
  let input: preact.JSX.Element;
  if (field.kind === "boolean") {
    input = <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange((e.target as HTMLInputElement).checked)} />;
  } else if (field.kind === "select") {
    input = (
      <select
        id={id}
        value={String(value)}
        aria-invalid={!!error}
        aria-describedby={describedBy}
        onChange={(e) => onChange((e.target as HTMLSelectElement).value)}
      >
        <option value="">Choose…</option>
        {field.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === "multi") {
    const picked = Array.isArray(value) ? value : [];
    input = (
      <select
        id={id}
        multiple
        aria-invalid={!!error}
        aria-describedby={describedBy}
        onChange={(e) => onChange([...(e.target as HTMLSelectElement).selectedOptions].map((o) => o.value))}
      >
        {field.options.map((o) => (
          <option key={o.value} value={o.value} selected={picked.includes(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else {
    const type = field.kind === "text" ? field.inputType : "text";
    input = (
      <input
        id={id}
        // Preact types each input type's attributes apart; these are all text-like inputs.
        type={type as "text"}
        inputMode={field.kind === "integer" ? "numeric" : field.kind === "number" ? "decimal" : undefined}
        value={String(value)}
        aria-invalid={!!error}
        aria-describedby={describedBy}
        onInput={(e) => onChange((e.target as HTMLInputElement).value)}
      />
    );
  }
  return (
    <div class={`elicitation__field elicitation__field--${field.kind}`}>
      {field.kind === "boolean" ? (
        <>
          {input}
          <label for={id}>{label}</label>
        </>
      ) : (
        <>
          <label for={id}>{label}</label>
          {input}
        </>
      )}
      {field.description && <span class="elicitation__hint">{field.description}</span>}
      {error && (
        <span id={`${id}-error`} class="elicitation__error">
          {error}
        </span>
      )}
    </div>
  );
}

function UrlCard({ question }: { question: ElicitationState }) {
  const url = question.url!;
  return (
    <section class="elicitation" aria-label={`Question from ${agentName.value}`}>
      <p class="elicitation__message">{question.message}</p>
      <p class="elicitation__site">
        {sentenceStart(agentName.value)} asks you to open a page on <strong>{url.site}</strong>.
      </p>
      <div class="elicitation__actions">
        <a class="button button--small" href={url.href} target="_blank" rel="noopener noreferrer">
          Open {url.site}
        </a>
        <button type="button" class="button button--small" onClick={() => answer(question.key, "accept")}>
          Done
        </button>
        <button type="button" class="button button--ghost button--small" onClick={() => answer(question.key, "decline")}>
          Decline
        </button>
        <button type="button" class="button button--ghost button--small" onClick={() => answer(question.key, "cancel")}>
          Cancel
        </button>
      </div>
    </section>
  );
}
