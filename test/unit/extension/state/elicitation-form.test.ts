/** A form elicitation's fields and the check of the user's input (extension/state/conversation/elicitation-form.ts). */
import { describe, expect, it } from "vitest";
import type { ElicitationSchema } from "../../../../extension/acp/schema";
import { checkForm, formFields } from "../../../../extension/state/conversation/elicitation-form";

const schema: ElicitationSchema = {
  type: "object",
  properties: {
    name: { type: "string", title: "Your name", minLength: 2, maxLength: 10 },
    email: { type: "string", format: "email" },
    site: { type: "string", format: "uri" },
    day: { type: "string", format: "date" },
    code: { type: "string", pattern: "^[A-Z]{3}$" },
    replicas: { type: "integer", minimum: 1, maximum: 10, default: 2 },
    ratio: { type: "number", minimum: 0, maximum: 1 },
    region: {
      type: "string",
      oneOf: [
        { const: "eu", title: "Europe" },
        { const: "us", title: "United States" },
      ],
    },
    size: { type: "string", enum: ["s", "m", "l"] },
    tags: { type: "array", items: { type: "string", enum: ["a", "b", "c"] }, minItems: 1, maxItems: 2 },
    notify: { type: "boolean", default: true },
  },
  required: ["name", "email", "region"],
};

describe("formFields", () => {
  it("turns each property into a field of its kind, with labels, options, input types and defaults", () => {
    const fields = Object.fromEntries(formFields(schema).map((f) => [f.name, f]));
    expect(fields.name).toMatchObject({ kind: "text", label: "Your name", required: true, initial: "" });
    expect(fields.email).toMatchObject({ kind: "text", label: "email", inputType: "email", required: true });
    expect(fields.site!.inputType).toBe("url");
    expect(fields.day!.inputType).toBe("date");
    expect(fields.replicas).toMatchObject({ kind: "integer", initial: "2", required: false });
    expect(fields.region).toMatchObject({
      kind: "select",
      options: [
        { value: "eu", label: "Europe" },
        { value: "us", label: "United States" },
      ],
    });
    expect(fields.size!.options.map((o) => o.value)).toEqual(["s", "m", "l"]);
    expect(fields.tags).toMatchObject({ kind: "multi", initial: [] });
    expect(fields.notify).toMatchObject({ kind: "boolean", initial: true });
  });
});

describe("checkForm", () => {
  const valid = { name: "Ada", email: "ada@example.com", region: "eu", replicas: "3", notify: false };

  it("accepts valid input and gives typed content, leaving empty optional fields out", () => {
    expect(checkForm(schema, valid)).toEqual({
      ok: true,
      content: { name: "Ada", email: "ada@example.com", region: "eu", replicas: 3, notify: false },
    });
    const all = { ...valid, site: "https://example.com/x", day: "2026-11-27", code: "ABC", ratio: "0.5", size: "m", tags: ["a", "c"] };
    expect(checkForm(schema, all)).toMatchObject({ ok: true, content: { ratio: 0.5, tags: ["a", "c"], code: "ABC", day: "2026-11-27" } });
  });

  it("names every field that breaks a rule, in words", () => {
    const r = checkForm(schema, {
      name: "A",
      email: "not an email",
      region: "mars",
      replicas: "2.5",
      ratio: "2",
      site: "example",
      day: "27/11/2026",
      code: "abc",
      size: "xl",
      tags: ["a", "b", "c"],
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual({
      name: "At least 2 characters.",
      email: "Enter an email address.",
      region: "Choose one of the options.",
      replicas: "Enter a whole number.",
      ratio: "At most 1.",
      site: "Enter a full web address.",
      day: "Enter a date.",
      code: "Not in the expected form.",
      size: "Choose one of the options.",
      tags: "Choose at most 2.",
    });
  });

  it("requires the required fields (a checkbox is always answered), and checks numbers' ranges", () => {
    const r = checkForm(schema, { name: " ", replicas: "0" });
    expect(r).toEqual({ ok: false, errors: { name: "Required.", email: "Required.", region: "Required.", replicas: "At least 1." } });
    expect(checkForm(schema, { ...valid, replicas: "eleven" })).toEqual({ ok: false, errors: { replicas: "Enter a whole number." } });
  });

  it("cannot be fooled by a pattern that does not compile: the field is then checked for the rest only", () => {
    const odd: ElicitationSchema = { type: "object", properties: { x: { type: "string", pattern: "([", maxLength: 3 } } };
    expect(checkForm(odd, { x: "abc" })).toEqual({ ok: true, content: { x: "abc" } });
    expect(checkForm(odd, { x: "abcd" })).toEqual({ ok: false, errors: { x: "At most 3 characters." } });
  });
});
