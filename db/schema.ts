import type { ColumnType, Insertable, Selectable } from 'kysely';

/** Key-value settings: pricing map, branding, fees (JSON text). */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface PlansTable {
  id: string;
  name: string;
  /** JSON of the six feature flags. */
  features: string;
  sort_order: number;
}

export interface UsersTable {
  id: string;
  username: string | null;
  email: string | null;
  /** scrypt hash; null for e-mail-only guests. */
  password_hash: string | null;
  role: 'admin' | 'user' | 'guest';
  created_at: string;
}

export interface SessionsTable {
  sid: string;
  data: string;
  /** Milliseconds since the epoch; PostgreSQL returns bigint as a string, so reads go through Number(). */
  expires_at: ColumnType<number, number, number>;
}

export interface Database {
  settings: SettingsTable;
  plans: PlansTable;
  users: UsersTable;
  sessions: SessionsTable;
}

export type SettingRow = Selectable<SettingsTable>;
export type PlanRow = Selectable<PlansTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
