// What the checkout service imports: the gateway seam, the embedded implementation, and the test cards that
// tests, the README and the end-to-end suite pay with.

import { SCRIPTED_TEST_CARDS } from './testGateway';

export type { ChargeRecord, ChargeRequest, ChargeResult, DeclineCode, PaymentGateway } from './gateway';
export {
  GATEWAY_MESSAGES,
  SCRIPTED_TEST_CARDS,
  TEST_GATEWAY_NAME,
  createTestGateway,
  newChargeReference,
  type TestGatewayOptions,
} from './testGateway';

/**
 * Card numbers for the test gateway (Stripe's test numbers, which developers already know), digits only; the
 * payment form also accepts them grouped ('4242 4242 4242 4242'). Pay with any expiry month that is not over
 * (and at most 20 years ahead, which the form checks), a CVV of the brand's length (3 digits, 4 for Amex), and
 * any cardholder name and billing address.
 */
export const TEST_CARDS = {
  /** Visa: succeeds. */
  success: '4242424242424242',
  /** Visa: declined with card_declined, 'Your card was declined.' */
  declined: SCRIPTED_TEST_CARDS.declined.number,
  /** Visa: declined with insufficient_funds, 'Your card has insufficient funds.' */
  insufficientFunds: SCRIPTED_TEST_CARDS.insufficientFunds.number,
  /** Visa: an `error` result with processing_error, 'The card could not be processed. Please try again in a moment.' */
  processingError: SCRIPTED_TEST_CARDS.processingError.number,
  /** Mastercard: succeeds. */
  mastercard: '5555555555554444',
  /** American Express (15 digits, 4-digit CVV): succeeds. */
  amex: '378282246310005',
  /** Discover: succeeds. */
  discover: '6011111111111117',
  /** Fails the Luhn checksum: declined with incorrect_number (the form refuses it before that). */
  incorrectNumber: '4242424242424241',
} as const;
