import type { Db } from '../../db/index';
import type { Config } from '../config';
import type { PaymentGateway } from '../services/payments';

/** What buildApp hands every autoloaded plugin (server/app.ts): the configuration, and what a test replaces. */
export interface PluginOptions {
  config: Config;
  /** An already open database (tests share one across apps); the db plugin opens its own otherwise. */
  db?: Db | undefined;
  /** Wraps the embedded payment gateway (tests make it fail between the charge and its settlement). */
  gateway?: ((embedded: PaymentGateway) => PaymentGateway) | undefined;
  /** The operators' clock and TOTP secrets (tests move the one and fix the other). */
  operators?: { now?: () => number; newSecret?: () => string } | undefined;
}
