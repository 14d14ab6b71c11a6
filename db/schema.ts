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

export type CompletionStatus = 'incomplete' | 'completed' | 'abandoned' | 'paid' | 'unpaid';
export type PaymentStatus = 'unpaid' | 'pending' | 'paid';

export interface LeadsTable {
  id: string;
  name: string;
  email: string;
  phone: string;
  form_type: string;
  nationality: string;
  travel_purpose: string;
  /** JSON object of answers, flat by question id or nested by section. */
  form_data: string;
  completion_status: CompletionStatus;
  payment_status: PaymentStatus;
  source: string;
  subscription_plan: 'basic' | 'pro' | 'premium' | 'none';
  owner_token: string;
  user_id: string | null;
  /** Owner, form type and e-mail of an early-captured lead; unique, so find-or-create cannot make two. */
  capture_key: string | null;
  created_at: string;
  updated_at: string;
}

export interface ApplicationHistoryTable {
  id: string;
  lead_id: string;
  status: string;
  action: string;
  created_at: string;
}

export interface Database {
  settings: SettingsTable;
  plans: PlansTable;
  users: UsersTable;
  sessions: SessionsTable;
  leads: LeadsTable;
  application_history: ApplicationHistoryTable;
}

export type SettingRow = Selectable<SettingsTable>;
export type PlanRow = Selectable<PlansTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type LeadRow = Selectable<LeadsTable>;
export type NewLead = Insertable<LeadsTable>;
export type HistoryRow = Selectable<ApplicationHistoryTable>;
