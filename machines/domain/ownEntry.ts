// A table of words or codes read with a key someone typed must answer only for its own entries: `table[key]` also
// finds what every object inherits ('__proto__', 'constructor', 'toString'), and a purpose of "constructor" then
// reads as a function where a visa class was expected (a fast-check run found "__proto__").

/** The table's own entry for the key, or undefined; never an inherited property. */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * A table with no prototype: every read (`table[word]`), `word in table` and spread sees only its own entries, so
 * a word read from a message ("constructor", "valueOf") finds nothing. For the constant word tables readers index
 * many times; a key written into it is an entry, never the object's prototype.
 */
export function ownTable<T>(entries: Readonly<Record<string, T>> = {}): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}
