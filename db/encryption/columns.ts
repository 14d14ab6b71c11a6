/**
 * What is kept encrypted at rest, table by table (README, "Data at rest"): every column that holds an applicant's
 * answers, whole, because a passport number, a birth date or an answer about an arrest can sit anywhere in them,
 * a chat's free text included. `key` is the table's primary key (the rotation walks by it). Kept plain, on
 * purpose: the columns the admin searches, sorts and writes to (name, e-mail, phone, nationality, purpose,
 * statuses, dates), orders and amounts (accounting), and what only names ids.
 */
export const ENCRYPTED_COLUMNS = {
  leads: { key: 'id', columns: ['form_data'] },
  assistant_sessions: { key: 'id', columns: ['answers', 'messages', 'pending'] },
  chat_sessions: { key: 'id', columns: ['collected', 'messages', 'pending'] },
  group_members: { key: 'lead_id', columns: ['prefilled', 'guardian'] },
  premium_interviews: { key: 'id', columns: ['facts', 'questions', 'answers', 'evaluations', 'plans', 'findings', 'worded', 'pending_text'] },
  photos: { key: 'id', columns: ['data'] },
  // The operators' TOTP secrets (issue 44 item 6): a second factor is only one if a copy of the database is not enough.
  users: { key: 'id', columns: ['totp_secret'] },
} as const satisfies Record<string, { key: string; columns: readonly string[] }>;

export type EncryptedTable = keyof typeof ENCRYPTED_COLUMNS;

/** Bytes, not text: sealed as bytes. */
export const BINARY_COLUMNS: ReadonlySet<string> = new Set(['photos.data']);

export const isEncryptedColumn = (table: string, column: string): boolean =>
  (ENCRYPTED_COLUMNS as Record<string, { columns: readonly string[] }>)[table]?.columns.includes(column) ?? false;

/** Every encrypted column's name: a result row's value under one of them is opened when it is sealed. */
export const ENCRYPTED_NAMES: ReadonlySet<string> = new Set(Object.values(ENCRYPTED_COLUMNS).flatMap((t) => t.columns));
