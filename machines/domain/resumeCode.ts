// Resume codes for the ten-section form (issue 11: "resume on any device"): short, read aloud or copied by hand,
// so no character is easily mistaken for another (no 0/O, 1/I/L). The page and the server judge a code the same way.

export const RESUME_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const RESUME_CODE_LENGTH = 8;
/** How long a code opens the application. */
export const RESUME_CODE_DAYS = 30;

/** The code as typed or pasted ('abcd 2345', 'ABCD-2345') in its one stored form ('ABCD2345'). */
export function normalizeResumeCode(value: string): string {
  return value.toUpperCase().replace(/[\s-]+/g, '');
}

export function isResumeCode(value: string): boolean {
  const code = normalizeResumeCode(value);
  return code.length === RESUME_CODE_LENGTH && [...code].every((c) => RESUME_ALPHABET.includes(c));
}

/** As shown to the applicant: two groups of four. */
export function formatResumeCode(value: string): string {
  const code = normalizeResumeCode(value);
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** The address that opens the form with the code filled in (the e-mail is still asked for). */
export const resumeLink = (code: string) => `/ds160-wizard?resume=${formatResumeCode(code)}`;
