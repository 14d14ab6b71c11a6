import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_leads';
import * as m0003 from './0003_lead_capture_key';
import * as m0004 from './0004_commerce';
import * as m0005 from './0005_photos';
import * as m0006 from './0006_resume_codes';
import * as m0007 from './0007_assistant_sessions';
import * as m0008 from './0008_assistant_lead';
import * as m0009 from './0009_chat_sessions';
import * as m0010 from './0010_admin_analytics';
import * as m0011 from './0011_premium';
import * as m0012 from './0012_attempt_counters';
import * as m0013 from './0013_chat_readings';
import * as m0014 from './0014_purchases';
import * as m0015 from './0015_premium_resume';
import * as m0016 from './0016_traveller_groups';
import * as m0017 from './0017_jobs';
import * as m0033 from './0033_consents';
import * as m0034 from './0034_retention_runs';
import * as m0035 from './0035_encrypt_at_rest';
import * as m0020 from './0020_orders_keep_lead';
import * as m0023 from './0023_mail';
import * as m0024 from './0024_email_links';
import * as m0025 from './0025_group_numbers';
import * as m0030 from './0030_premium_preparation';
import * as m0037 from './0037_operators';
import * as m0038 from './0038_audit_log';
import * as m0027 from './0027_government_fees';
import * as m0028 from './0028_esta_service_fee';
import * as m0029 from './0029_order_government_fees';
import * as m0070 from './0070_session_idle';
import * as m0072 from './0072_sqlite_vacuum';
import * as m0073 from './0073_chat_replies_due';

// Listed in code rather than read from disk, so the same provider works under tsx, vitest and a bundle.
const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_leads': m0002,
  '0003_lead_capture_key': m0003,
  '0004_commerce': m0004,
  '0005_photos': m0005,
  '0006_resume_codes': m0006,
  '0007_assistant_sessions': m0007,
  '0008_assistant_lead': m0008,
  '0009_chat_sessions': m0009,
  '0010_admin_analytics': m0010,
  '0011_premium': m0011,
  '0012_attempt_counters': m0012,
  '0013_chat_readings': m0013,
  '0014_purchases': m0014,
  '0015_premium_resume': m0015,
  '0016_traveller_groups': m0016,
  '0017_jobs': m0017,
  '0033_consents': m0033,
  '0034_retention_runs': m0034,
  '0035_encrypt_at_rest': m0035,
  '0020_orders_keep_lead': m0020,
  '0023_mail': m0023,
  '0024_email_links': m0024,
  '0025_group_numbers': m0025,
  '0030_premium_preparation': m0030,
  '0037_operators': m0037,
  '0038_audit_log': m0038,
  '0027_government_fees': m0027,
  '0028_esta_service_fee': m0028,
  '0029_order_government_fees': m0029,
  '0070_session_idle': m0070,
  '0072_sqlite_vacuum': m0072,
  '0073_chat_replies_due': m0073,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
