// A table of words or codes read with a key someone typed must answer only for its own entries: `table[key]` also
// finds what every object inherits ('__proto__', 'constructor', 'toString'), and a purpose of "constructor" then
// reads as a function where a visa class was expected (a fast-check run found "__proto__").

/** The table's own entry for the key, or undefined; never an inherited property. */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
