import { Value } from 'typebox/value';
import type { TSchema } from 'typebox';

// What a model writes is read leniently and checked strictly (issue 32): a ```json fence around the answer is
// taken off, and an element that does not fit its schema (a date 1990-02-30, a country that is a number) is
// dropped while the rest of the answer is kept.

/** The JSON inside a model's answer, without a Markdown fence; undefined when it is not JSON. */
export function modelJson(content: string): unknown {
  const fenced = /^\s*```(?:json|JSON)?\s*\n?([\s\S]*?)\n?\s*```\s*$/.exec(content);
  const body = (fenced ? fenced[1]! : content).trim();
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A real calendar day, since JSON Schema's "date" format is not checked by every validator. */
const realDate = (v: unknown) => typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v;

function fits(schema: TSchema, value: unknown): boolean {
  if (!Value.Check(schema, value)) return false;
  // Every yyyy-mm-dd string in it must be a real day.
  const strings: unknown[] = [];
  const walk = (v: unknown) => (Array.isArray(v) ? v.forEach(walk) : isObject(v) ? Object.values(v).forEach(walk) : strings.push(v));
  walk(value);
  return strings.every(realDate);
}

/**
 * The answer with each top-level property that does not fit its schema dropped, and each array keeping only the
 * elements that fit. Undefined when nothing of the schema's shape is left (an answer of another shape entirely).
 */
export function salvage<T>(schema: TSchema, value: unknown): T | undefined {
  if (!isObject(value)) return undefined;
  const properties = (schema as { properties?: Record<string, TSchema> }).properties ?? {};
  const required = new Set((schema as { required?: string[] }).required ?? []);
  const out: Record<string, unknown> = {};
  let known = 0;
  for (const [name, sub] of Object.entries(properties)) {
    if (!(name in value)) continue;
    known++;
    const v = value[name];
    if (fits(sub, v)) out[name] = v;
    else if (Array.isArray(v) && (sub as { items?: TSchema }).items) out[name] = v.filter((item) => fits((sub as { items: TSchema }).items, item));
  }
  if (known === 0) return undefined;
  for (const name of required) {
    if (name in out) continue;
    const sub = properties[name] as { type?: string } | undefined;
    if (sub?.type === 'array') out[name] = [];
    else return undefined;
  }
  return fits(schema, out) ? (out as T) : undefined;
}
