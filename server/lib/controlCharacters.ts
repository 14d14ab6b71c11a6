/**
 * The first place a request value holds a NUL character, as `<part>.<path>`: PostgreSQL cannot store one in
 * text (and nothing an applicant types has one), so it is refused up front on either database. Walks without
 * recursion, so a hostile nesting depth cannot overflow the stack.
 */
export function nulCharacterAt(value: unknown, part: string): string | null {
  const stack: Array<[unknown, string]> = [[value, part]];
  while (stack.length) {
    const [current, path] = stack.pop() as [unknown, string];
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        if (key.includes('\u0000')) return path;
        stack.push([inner, `${path}.${key}`]);
      }
    }
  }
  return null;
}
