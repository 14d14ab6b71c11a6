import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

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
  /** A guest's contact address; never unique and never used to find an account. */
  guest_email: string | null;
  created_at: string;
  /** When the address was shown to be the owner's (a link from the mailbox followed); null until then. */
  email_verified_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** An admin account's role in the admin area (issue 44); null for applicants and guests. */
  admin_role: ColumnType<'owner' | 'operator' | 'viewer' | null, 'owner' | 'operator' | 'viewer' | null | undefined, 'owner' | 'operator' | 'viewer' | null>;
  /** When an owner disabled this operator; a disabled operator cannot sign in. */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The TOTP secret, encrypted at rest (db/encryption/); set before it is confirmed. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** When two-factor sign-in was confirmed with a code; null while it is not set up. */
  totp_enabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The time step of the last code accepted: a code is taken once. PostgreSQL returns bigint as a string. */
  totp_last_step: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** SHA-256 of an open invitation's token, and when it expires. */
  invite_hash: ColumnType<string | null, string | null | undefined, string | null>;
  invite_expires_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Recovery codes of an operator's two-factor sign-in, as SHA-256 hashes; each signs in once. */
export interface RecoveryCodesTable {
  code_hash: string;
  user_id: string;
  used_at: string | null;
  created_at: string;
}

/** The audit log: appended to only (a trigger refuses UPDATE and DELETE). */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_id: string;
  actor: string;
  action: string;
  target: string;
  /** JSON object of strings, numbers, booleans and nulls. */
  detail: string;
  client: string;
}

export interface SessionsTable {
  sid: string;
  data: string;
  /** Milliseconds since the epoch; PostgreSQL returns bigint as a string, so reads go through Number(). */
  expires_at: ColumnType<number, number, number>;
  /** The owner token the session holds, if any (what it made is found by it). */
  owner_token: string | null;
  /** Milliseconds: a session with no identity lapses then unless its owner token owns a row (issue 41). */
  idle_until: ColumnType<number | null, number | null, number | null>;
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

export type OrderStatus = 'pending' | 'paid' | 'failed' | 'refunded';
export type OrderService = 'DS-160' | 'ESTA';
/** 'group' is a group's payment (issue 36): the one charge for its lines, each an order of one of the others. */
export type OrderPlan = 'basic' | 'pro' | 'premium' | 'esta' | 'completion' | 'group';

export interface OrdersTable {
  id: string;
  /** The confirmation number the applicant sees and quotes to support. */
  number: string;
  owner_token: string;
  user_id: string | null;
  lead_id: string | null;
  service: OrderService;
  plan: OrderPlan;
  service_fee_cents: number;
  /** What the lead already paid for a lower package; an upgrade is charged the difference. */
  credit_cents: number;
  processing_fee_cents: number;
  total_cents: number;
  /** Paid separately to the U.S. government; shown beside the order, never charged here. */
  government_fee_cents: number;
  status: OrderStatus;
  card_brand: string | null;
  card_last4: string | null;
  gateway_ref: string | null;
  /** The gateway's reason, for a failed order. */
  failure: string | null;
  /** Premium only: the interview portal's code, issued when the order is paid. */
  access_code: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** Where the receipt goes: the address the buyer gave at checkout. */
  receipt_email: string | null;
  /** Who decided the outcome: the checkout that charged, reconciliation from the gateway's record, or a migration. */
  settled_by: OrderSettlement | null;
  /** A group's order (issue 36): the traveller group it pays for; its lines carry the leads. */
  group_id: string | null;
  /** A line of a group's order: the order that was charged for it (one charge, one attempt, one receipt). */
  parent_order_id: string | null;
  /** The interface language of the person who paid: their receipt is written in it (issue 43). */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whom the government fees were looked up for: 'ESTA' or a visa class (issue 44). */
  visa_class: string | null;
  /** JSON: the government fee lines in force when it was quoted, with their sources (machines/domain/governmentFees.ts). */
  government_fees: string | null;
}

export type OrderSettlement = 'checkout' | 'reconciliation' | 'migration';

export interface OrderHistoryTable {
  id: string;
  order_id: string;
  status: string;
  note: string;
  created_at: string;
}

export interface PaymentAttemptsTable {
  id: string;
  order_id: string;
  idempotency_key: string;
  status: 'pending' | 'succeeded' | 'declined' | 'error' | 'canceled';
  decline_code: string | null;
  card_brand: string | null;
  card_last4: string | null;
  gateway_ref: string | null;
  created_at: string;
}

export interface PhotosTable {
  id: string;
  owner_token: string;
  user_id: string | null;
  lead_id: string | null;
  content_type: string;
  width: number;
  height: number;
  size_bytes: number;
  data: Buffer;
  created_at: string;
}

export interface ResumeCodesTable {
  id: string;
  lead_id: string;
  /** HMAC-SHA256 of the normalised code under a server key: the code itself is never stored. */
  code_hash: string;
  expires_at: string;
  created_at: string;
}

export interface AssistantSessionsTable {
  id: string;
  owner_token: string;
  user_id: string | null;
  type: 'esta' | 'ds160';
  /** JSON: answers by question id. */
  answers: string;
  /** The lead the answers were kept as, once the e-mail was known. */
  lead_id: string | null;
  /** JSON: the conversation as shown, oldest first (issue 32: a reload shows it). */
  messages: string;
  /** JSON: a value shown back and waiting to be confirmed, or null. */
  pending: string | null;
  /** The conversation language, once the interview has asked something. */
  language: string | null;
  created_at: string;
  updated_at: string;
}

export interface ChatSessionsTable {
  /** The browser's own id for the conversation. */
  id: string;
  chat: 'aivisa' | 'ai-chat' | 'sections';
  owner_token: string;
  user_id: string | null;
  language: string;
  /** JSON: what the conversation collected, by field. */
  collected: string;
  /** JSON: the conversation, oldest first. */
  messages: string;
  /** JSON: a value shown back and waiting to be confirmed, or null (issue 32). */
  pending: string | null;
  lead_id: string | null;
  /** Replies promised by a kept message and not yet kept themselves; each holds room in the conversation (issue 41). */
  replies_due: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Attempt counters when Redis is not configured (server/services/guard/). Times in ms since the epoch. */
export interface AttemptCountersTable {
  counter: string;
  count: number;
  last_at: ColumnType<number, number, number>;
  locked_until: ColumnType<number, number | undefined, number>;
  locked_by: string | null;
  last_token: string | null;
}

export interface VisitorsTable {
  /** The random visitor cookie's value. */
  id: string;
  /** ISO 3166 code from the browser's language region or time zone; null when neither tells. */
  country: string | null;
  language: string;
  first_seen_at: string;
  last_seen_at: string;
}

export interface PageViewsTable {
  id: string;
  visitor_id: string;
  /** The route's path only: never a query string. */
  path: string;
  created_at: string;
}

export interface VisitsTable {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  visitor_id: string;
  views: number;
}

export interface Database {
  settings: SettingsTable;
  plans: PlansTable;
  users: UsersTable;
  sessions: SessionsTable;
  leads: LeadsTable;
  application_history: ApplicationHistoryTable;
  orders: OrdersTable;
  order_history: OrderHistoryTable;
  payment_attempts: PaymentAttemptsTable;
  attempt_counters: AttemptCountersTable;
  photos: PhotosTable;
  resume_codes: ResumeCodesTable;
  assistant_sessions: AssistantSessionsTable;
  chat_sessions: ChatSessionsTable;
  visitors: VisitorsTable;
  page_views: PageViewsTable;
  visits: VisitsTable;
  premium_interviews: PremiumInterviewsTable;
  gateway_charges: GatewayChargesTable;
  traveller_groups: TravellerGroupsTable;
  group_members: GroupMembersTable;
  jobs: JobsTable;
  job_runs: JobRunsTable;
  consents: ConsentsTable;
  retention_runs: RetentionRunsTable;
  emails: EmailsTable;
  email_links: EmailLinksTable;
  recovery_codes: RecoveryCodesTable;
  audit_log: AuditLogTable;
  government_fees: GovernmentFeesTable;
}

/** The government's fees as a dated schedule (issue 44, machines/domain/governmentFees.ts). */
export interface GovernmentFeesTable {
  id: string;
  code: string;
  subject: string;
  amount_cents: number;
  currency: string;
  /** YYYY-MM-DD (UTC); null while announced but not in force. */
  effective_from: string | null;
  source_url: string;
  payer: string;
  paid_at: string;
  /** 1 or 0. */
  refundable: number;
  note: string;
  last_checked_at: string | null;
  created_at: string;
  /** The admin who scheduled it; null for the seeded rows. */
  created_by: string | null;
}

export type GovernmentFeeRow = Selectable<GovernmentFeesTable>;

/** A family or group travelling together (issue 36), led by the leader's lead. */
export interface TravellerGroupsTable {
  id: string;
  /** The group's number (`G-7K3Q-XM9P`), given to the leader with the link back to the group (issue 43). */
  number: ColumnType<string | null, string | null | undefined, string>;
  leader_lead_id: string;
  purpose: string;
  created_at: string;
  updated_at: string;
}

/** A traveller of a group (the leader too, as 'leader'), with their own lead. */
export interface GroupMembersTable {
  lead_id: string;
  group_id: string;
  relationship: string;
  position: number;
  /** JSON: the answers the group filled in, by path, as filled in. */
  prefilled: string;
  /** JSON: a minor's parent or guardian, or null. */
  guardian: string | null;
  created_at: string;
}

export type TravellerGroupRow = Selectable<TravellerGroupsTable>;
export type GroupMemberRow = Selectable<GroupMembersTable>;

/** The embedded test gateway's own record of every charge, by idempotency key (what a provider keeps). */
export interface GatewayChargesTable {
  idempotency_key: string;
  amount_cents: number;
  status: 'succeeded' | 'declined' | 'error' | 'canceled';
  code: string | null;
  message: string | null;
  reference: string;
  brand: string | null;
  last4: string | null;
  created_at: string;
}

export type GatewayChargeRow = Selectable<GatewayChargesTable>;

/** A premium interview (issue 15); facts, questions, answers and evaluations are JSON text. */
export interface PremiumInterviewsTable {
  id: string;
  order_id: string;
  owner_token: string;
  language: string;
  facts: string;
  questions: string;
  answers: string;
  evaluations: string;
  /** JSON: the planned questions (issue 33); null on an interview made before plans were kept. */
  plans: string | null;
  /** JSON: the rule book's findings. */
  findings: string | null;
  /** JSON: the model's wording by language, `{ es: { q1: '…' } }`. */
  worded: string | null;
  /** The language the applicant chose explicitly; null when the interview follows the interface's. */
  chosen_language: string | null;
  finished_at: string | null;
  /** 'preparing' while the preparation job runs (issue 42), then 'ready'; 'failed' if even the built-in reading failed. */
  status: 'preparing' | 'ready' | 'failed';
  /** The pasted text, kept only while the interview is being prepared. */
  pending_text: string | null;
  /** When a process took the preparation job; a stale claim is taken over. */
  claimed_at: string | null;
  created_at: string;
  updated_at: string;
}

export type PremiumInterviewRow = Selectable<PremiumInterviewsTable>;
export type SettingRow = Selectable<SettingsTable>;
export type PlanRow = Selectable<PlansTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type LeadRow = Selectable<LeadsTable>;
export type NewLead = Insertable<LeadsTable>;
export type HistoryRow = Selectable<ApplicationHistoryTable>;
export type OrderRow = Selectable<OrdersTable>;
export type PhotoRow = Selectable<PhotosTable>;
export type ResumeCodeRow = Selectable<ResumeCodesTable>;
export type AssistantSessionRow = Selectable<AssistantSessionsTable>;
export type ChatSessionRow = Selectable<ChatSessionsTable>;
export type PaymentAttemptRow = Selectable<PaymentAttemptsTable>;

export type JobState = 'created' | 'active' | 'retry' | 'completed' | 'failed';

/** A job of the in-process runner (SQLite only; pg-boss keeps PostgreSQL's in its own schema). */
export interface JobsTable {
  id: string;
  name: string;
  key: string | null;
  /** JSON. */
  data: string;
  state: JobState;
  /** Runs begun so far. */
  attempts: number;
  retry_limit: number;
  retry_delay_seconds: number;
  start_after: string;
  started_at: string | null;
  finished_at: string | null;
  last_error: string | null;
  created_at: string;
}

/** One run of a job, on either engine. */
export interface JobRunsTable {
  id: string;
  job_id: string;
  name: string;
  key: string | null;
  /** 1 for the first run, 2 for the first retry … */
  attempt: number;
  /** The process that ran it: host and pid. */
  worker: string;
  outcome: 'completed' | 'failed';
  error: string | null;
  started_at: string;
  finished_at: string;
}
export type JobRow = Selectable<JobsTable>;
export type JobRunRow = Selectable<JobRunsTable>;

/** An applicant's yes to their words going to a third-party AI engine (issue 44), recorded before the first message. */
export interface ConsentsTable {
  id: string;
  owner_token: string;
  user_id: string | null;
  chat: string;
  engine: string;
  created_at: string;
}

/** One run of a retention job and what it removed (issue 44). */
export interface RetentionRunsTable {
  id: string;
  job: string;
  cutoff: string;
  leads_deleted: number;
  photos_deleted: number;
  ran_at: string;
}
export type ConsentRow = Selectable<ConsentsTable>;
export type RetentionRunRow = Selectable<RetentionRunsTable>;
/** What an outbox message is: its kind decides its template and what `data` holds (server/services/mail/). */
export type EmailKind =
  | 'receipt'
  | 'groupReceipt'
  | 'premiumCode'
  | 'nextSteps'
  | 'resumeLink'
  | 'groupLink'
  | 'invitation'
  | 'verifyEmail'
  | 'passwordReset'
  | 'signInLink';

export type EmailState = 'queued' | 'sending' | 'sent' | 'failed';

/** The transactional outbox (issue 43): one row per event key, written in the event's own transaction. */
export interface EmailsTable {
  id: string;
  event_key: string;
  kind: EmailKind;
  recipient: string;
  language: string;
  /** JSON: what the message is about (ids), never a personal answer. */
  data: string;
  state: EmailState;
  attempts: number;
  message_id: string;
  subject: string | null;
  transport: 'smtp' | 'file' | null;
  smtp_response: string | null;
  last_error: string | null;
  resend_of: string | null;
  created_at: string;
  updated_at: string;
  claimed_at: string | null;
  sent_at: string | null;
}

export type EmailRow = Selectable<EmailsTable>;

export type EmailLinkPurpose = 'reset' | 'signin' | 'verify' | 'invite' | 'group';

/** A link sent by e-mail, kept as the hash of its token (issue 43). */
export interface EmailLinksTable {
  id: string;
  purpose: EmailLinkPurpose;
  token_hash: string;
  email: string;
  user_id: string | null;
  lead_id: string | null;
  group_id: string | null;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export type EmailLinkRow = Selectable<EmailLinksTable>;
