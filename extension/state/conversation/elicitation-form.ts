/**
 * A form elicitation's fields and the check of the user's input, from the restricted JSON Schema the
 * spec allows (flat object of string, number, integer, boolean and multi-select enum properties:
 * https://agentclientprotocol.com/protocol/elicitation). The check is zod's, built per field; the
 * panel runs it as the user types and the background again before anything is sent.
 */
import { z } from "zod";
import type { ElicitationSchema } from "../../acp/schema";

type FieldKind = "text" | "number" | "integer" | "boolean" | "select" | "multi";

export interface FormField {
  name: string;
  label: string;
  description: string | null;
  kind: FieldKind;
  required: boolean;
  /** select and multi: the allowed values and how each is shown. */
  options: { value: string; label: string }[];
  /** text: the input type that fits the format (email, url, date, datetime-local). */
  inputType: InputType;
  initial: FormValue;
}

/** What an input holds: text for text and number fields, a boolean, or the values picked. */
export type FormValue = string | boolean | string[];
type ContentValue = string | number | boolean | string[];

export type FormCheck = { ok: true; content: Record<string, ContentValue> } | { ok: false; errors: Record<string, string> };

type Property = Record<string, unknown>;

type InputType = "text" | "email" | "url" | "date" | "datetime-local";

const INPUT_TYPES: Record<string, InputType> = { email: "email", uri: "url", date: "date", "date-time": "datetime-local" };

export function formFields(schema: ElicitationSchema): FormField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, raw]) => {
    const p = raw as Property;
    const options = enumOptions(p);
    const kind = fieldKind(p, options);
    const format = typeof p.format === "string" ? p.format : "";
    return {
      name,
      label: typeof p.title === "string" && p.title ? p.title : name,
      description: typeof p.description === "string" ? p.description : null,
      kind,
      required: required.has(name),
      options,
      inputType: INPUT_TYPES[format] ?? "text",
      initial: initialValue(kind, p.default),
    };
  });
}

function fieldKind(p: Property, options: FormField["options"]): FieldKind {
  switch (p.type) {
    case "number":
    case "integer":
    case "boolean":
      return p.type;
    case "array":
      return "multi";
    default:
      return options.length > 0 ? "select" : "text";
  }
}

function enumOptions(p: Property): FormField["options"] {
  const source = p.type === "array" ? ((p.items ?? {}) as Property) : p;
  const titled = Array.isArray(source.oneOf) ? source.oneOf : Array.isArray(source.anyOf) ? source.anyOf : null;
  if (titled)
    return (titled as { const?: unknown; title?: unknown }[]).map((o) => ({ value: String(o.const), label: String(o.title ?? o.const) }));
  return Array.isArray(source.enum) ? (source.enum as unknown[]).map((v) => ({ value: String(v), label: String(v) })) : [];
}

function initialValue(kind: FieldKind, given: unknown): FormValue {
  if (kind === "boolean") return given === true;
  if (kind === "multi") return Array.isArray(given) ? given.map(String) : [];
  return given === undefined || given === null ? "" : String(given);
}

/** Checks every field; on success, the content to send (empty optional fields left out). */
export function checkForm(schema: ElicitationSchema, values: Record<string, FormValue>): FormCheck {
  const content: Record<string, ContentValue> = {};
  const errors: Record<string, string> = {};
  const props = schema.properties ?? {};
  for (const field of formFields(schema)) {
    const value = values[field.name] ?? field.initial;
    if (isEmpty(field, value)) {
      if (field.required && field.kind !== "boolean") errors[field.name] = "Required.";
      else if (field.kind === "boolean") content[field.name] = false;
      continue;
    }
    const parsed = fieldSchema(field, props[field.name] as Property).safeParse(value);
    if (parsed.success) content[field.name] = parsed.data;
    else errors[field.name] = parsed.error.issues[0]?.message ?? "Not valid.";
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, content };
}

function isEmpty(field: FormField, value: FormValue): boolean {
  if (field.kind === "boolean") return typeof value !== "boolean";
  return Array.isArray(value) ? value.length === 0 : String(value).trim() === "";
}

const num = (p: Property, key: string): number | undefined => (typeof p[key] === "number" ? (p[key] as number) : undefined);

function fieldSchema(field: FormField, p: Property): z.ZodType<ContentValue> {
  const allowed = field.options.map((o) => o.value);
  const oneOf = (v: string) => allowed.includes(v);
  switch (field.kind) {
    case "boolean":
      return z.boolean({ error: "Choose yes or no." });
    case "select":
      return z.string().refine(oneOf, "Choose one of the options.");
    case "multi": {
      let s = z.array(z.string().refine(oneOf, "Choose from the options."));
      const min = num(p, "minItems");
      const max = num(p, "maxItems");
      if (min !== undefined) s = s.min(min, `Choose at least ${min}.`);
      if (max !== undefined) s = s.max(max, `Choose at most ${max}.`);
      return s;
    }
    case "number":
    case "integer":
      return numberSchema(field.kind, p);
    default:
      return textSchema(p);
  }
}

function numberSchema(kind: "number" | "integer", p: Property): z.ZodType<number> {
  let n = z.number({ error: kind === "integer" ? "Enter a whole number." : "Enter a number." });
  if (kind === "integer") n = n.int("Enter a whole number.");
  const min = num(p, "minimum");
  const max = num(p, "maximum");
  if (min !== undefined) n = n.min(min, `At least ${min}.`);
  if (max !== undefined) n = n.max(max, `At most ${max}.`);
  return z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v), n);
}

function textSchema(p: Property): z.ZodType<string> {
  let s = z.string();
  const min = num(p, "minLength");
  const max = num(p, "maxLength");
  if (min !== undefined) s = s.min(min, `At least ${min} characters.`);
  if (max !== undefined) s = s.max(max, `At most ${max} characters.`);
  const pattern = typeof p.pattern === "string" ? safeRegExp(p.pattern) : null;
  if (pattern) s = s.regex(pattern, "Not in the expected form.");
  switch (p.format) {
    case "email":
      return s.pipe(z.email("Enter an email address."));
    case "uri":
      return s.pipe(z.url("Enter a full web address."));
    case "date":
      return s.pipe(z.iso.date("Enter a date."));
    case "date-time":
      // datetime-local gives no zone or seconds; the agent gets what the user picked.
      return s.pipe(z.iso.datetime({ local: true, error: "Enter a date and time." }));
    default:
      return s;
  }
}

/** An agent's pattern that does not compile cannot be checked here; the agent checks its own answer. */
function safeRegExp(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, "u");
  } catch {
    return null;
  }
}
