import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';

// A table read with a key someone typed must answer only for its own entries: a plain object also "has" what every
// object inherits, so a purpose of "__proto__" once read as Object.prototype (CI's fast-check run). Rather than list
// the functions that take a key, the tests feed inherited names and random strings to every exported function of a
// room, in every argument place, and judge what comes back the same way for all: nothing inherited leaks into a
// result, a name every object inherits fails no worse than a word no table holds, and Object.prototype is never
// changed.

export const INHERITED = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', '__defineGetter__', '__lookupSetter__'];
/** Words no table holds, to compare against: what one of them does (a TypeError) an inherited name may do too. */
const UNKNOWN = ['zqxjkv', '', ' ', 'x'];

const cased = (name: string, cas: string) => (cas === 'upper first' ? name.charAt(0).toUpperCase() + name.slice(1) : cas === 'lower' ? name.toLowerCase() : cas === 'upper' ? name.toUpperCase() : name);
/** The names as a person might type them: padded, cased, alone or in a sentence a reader splits into words. */
export const inheritedKey = fc
  .tuple(
    fc.constantFrom(...INHERITED),
    fc.constantFrom('as is', 'upper first', 'lower', 'upper'),
    fc.constantFrom('{}', ' {} ', '\t{}\n', '3 {}', 'two {}', '{} 2020', '15 {} 1990', '{}-{}', '{}. Lopez', 'Maria {}.', '{}: Lopez', 'the {} of', '{} days', '$ 40 {}'),
  )
  .map(([name, cas, frame]) => frame.replaceAll('{}', cased(name, cas)));
export const anyKey = fc.oneof(inheritedKey, fc.string(), fc.string({ unit: 'grapheme' }), fc.constantFrom('constructor.prototype', '__proto__.x', 'toString()', 'a.__proto__'));

type Fn = (...args: unknown[]) => unknown;
/** The module's exported functions that take an argument (classes left out: called without new they throw anyway). */
export function functionsOf(modules: Record<string, Record<string, unknown>>, prefix: string): Array<{ id: string; fn: Fn }> {
  return Object.entries(modules).flatMap(([file, mod]) =>
    Object.entries(mod)
      .filter((entry): entry is [string, Fn] => typeof entry[1] === 'function' && !/^class\b/.test(Function.prototype.toString.call(entry[1])) && entry[1].length >= 1)
      .map(([name, fn]) => ({ id: `${file.replace(prefix, '')} ${name}`, fn })),
  );
}

const PROTOTYPE_VALUES = new Set<unknown>([
  Object.prototype,
  ...Object.getOwnPropertyNames(Object.prototype)
    .map((k) => Object.getOwnPropertyDescriptor(Object.prototype, k)?.value)
    .filter((v) => typeof v === 'function'),
]);

/** Where in the result something every object inherits shows up: Object.prototype, one of its functions, or one written out. */
export function leak(value: unknown, path = 'result', depth = 0, seen = new Set<unknown>()): string | null {
  if (PROTOTYPE_VALUES.has(value)) return path;
  if (typeof value === 'string') return /\[native code\]|\[object Object\]|^function /.test(value) ? `${path} = ${JSON.stringify(value.slice(0, 60))}` : null;
  if (value === null || typeof value !== 'object' || depth > 5 || seen.has(value)) return null;
  seen.add(value);
  if (value instanceof Map || value instanceof Set || value instanceof Promise) return null;
  for (const [k, v] of Object.entries(value)) {
    const found = leak(v, `${path}.${k}`, depth + 1, seen);
    if (found) return found;
  }
  return null;
}

type Outcome = { threw: false; value: unknown } | { threw: true; error: unknown };
function call(fn: Fn, args: unknown[]): Outcome {
  try {
    const value = fn(...args);
    if (value instanceof Promise) value.catch(() => undefined);
    return { threw: false, value };
  } catch (error) {
    return { threw: true, error };
  }
}

const argsWith = (arity: number, at: number, key: string, other: string) => Array.from({ length: arity }, (_, i) => (i === at ? key : other));

/** Whether the function answers `key` in place `at` as it may: see the file's head. */
function judged(fn: Fn, arity: number, key: string, at: number, other: string): boolean {
  const outcome = call(fn, argsWith(arity, at, key, other));
  // A TypeError is what using a function or Object.prototype as a value throws: some word no table holds must
  // throw it too (the function wants an object there), else the name reached something inherited.
  if (outcome.threw) {
    if (!(outcome.error instanceof TypeError)) return true;
    return UNKNOWN.some((word) => {
      const control = call(fn, argsWith(arity, at, word, other));
      return control.threw && control.error instanceof TypeError;
    });
  }
  const found = leak(outcome.value);
  if (found) throw new Error(`${JSON.stringify(key)} in place ${at} leaks ${found}`);
  return true;
}

/** The tests: one per function, and Object.prototype unchanged after all of them. */
export function judgeEveryFunction(functions: Array<{ id: string; fn: Fn }>, atLeast: number): void {
  const before = new Map(Object.getOwnPropertyNames(Object.prototype).map((k) => [k, Object.getOwnPropertyDescriptor(Object.prototype, k)?.value]));
  afterAll(() => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual([...before.keys()].sort());
    for (const [k, v] of before) expect(Object.getOwnPropertyDescriptor(Object.prototype, k)?.value, k).toBe(v);
  });

  it(`finds at least ${atLeast} functions to judge`, () => {
    expect(functions.length).toBeGreaterThanOrEqual(atLeast);
  });

  it.each(functions)('$id: answers an inherited name or a random string as it answers a word it does not know', ({ fn }) => {
    const arity = Math.min(fn.length, 3);
    // Each bare name in each place every time (a run must not pass by luck), then random strings and sentences.
    for (const name of INHERITED) for (let at = 0; at < arity; at++) expect(judged(fn, arity, name, at, UNKNOWN[0]!), `${JSON.stringify(name)} in place ${at}`).toBe(true);
    fc.assert(
      fc.property(anyKey, fc.nat({ max: arity - 1 }), fc.constantFrom(...UNKNOWN), (key, at, other) => judged(fn, arity, key, at, other)),
      { numRuns: 60 },
    );
  });
}
