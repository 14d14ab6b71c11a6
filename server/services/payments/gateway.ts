// The one seam between checkout and whoever moves the money. The embedded test gateway implements it today;
// a real gateway (Stripe, Adyen) implements the same members, chosen by configuration, and nothing in the
// checkout service changes. Results carry only the brand and last four digits, the only card data an order may
// keep (DESIGN: card numbers and CVV are never stored).

export interface ChargeRequest {
  /** A positive whole number of cents: money is never a float. */
  amountCents: number;
  currency: 'USD';
  card: { number: string; expMonth: number; expYear: number; cvv: string; name: string };
  billing: { address: string; city: string; zipCode: string; country: string };
  /** One per payment attempt: the same key answers the first result again and never charges twice. */
  idempotencyKey: string;
  /** Shown on the statement and in the gateway's dashboard (e.g. the order's confirmation number). */
  description: string;
}

/** Why a card was refused, in the vocabulary the card networks and real gateways share. */
export type DeclineCode = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'incorrect_number';

/** `message` is an English sentence the cardholder can act on; `reference` identifies the attempt at the gateway. */
export type ChargeResult =
  | { status: 'succeeded'; reference: string; brand: string; last4: string }
  | { status: 'declined'; code: DeclineCode; message: string; reference: string; brand: string; last4: string }
  | { status: 'error'; code: 'processing_error'; message: string; reference: string; brand: string; last4: string }
  /** The key was cancelled before any charge reached the gateway (reconciliation did it): nothing was charged. */
  | { status: 'canceled'; code: 'canceled'; message: string; reference: string; brand: string | null; last4: string | null };

/** What the gateway keeps of a key, as a provider's dashboard and API show it. */
export type ChargeRecord = ChargeResult & { idempotencyKey: string; amountCents: number; createdAt: string };

export interface PaymentGateway {
  /** Which implementation answered, for orders and logs ('test', 'stripe'). */
  readonly name: string;
  /**
   * Declines and gateway errors are results, not exceptions: the order records them and the page shows the
   * message. A rejected promise means a programming error (a malformed request) or an unreachable gateway.
   */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The gateway's record of a key: what it answered, or null when no charge with this key ever reached it. */
  lookup(idempotencyKey: string): Promise<ChargeRecord | null>;
  /**
   * Makes sure a key can no longer charge (a provider's "cancel payment intent"): a key the gateway never saw is
   * recorded as cancelled, so a charge still on its way is answered 'canceled'. Answers the record that stands,
   * which is the charge's when the charge got there first.
   */
  cancel(idempotencyKey: string): Promise<ChargeRecord>;
}
