import { formatCardNumber, formatExpiry, PAYMENT_FIELDS, validatePaymentDetails, type PaymentDetails, type PaymentErrors, type PaymentField } from './payment';
import { validateEmail, type ValidationError } from './validators';

// The card form both checkouts hold (the single one and the group's, issue 36): the receipt's e-mail, the card
// and the billing address, typed and judged the same way, and the rules for the payment's idempotency key.

/** The card form's id on the page: a refused Pay moves focus to its first field with an error. */
export const CARD_FORM_ID = 'payment-form';

/** The form's fields in screen order: the receipt's e-mail, then the card and billing address. */
export type CheckoutField = 'email' | PaymentField;
export const CHECKOUT_FIELDS: readonly CheckoutField[] = ['email', ...PAYMENT_FIELDS];
export type CheckoutErrors = PaymentErrors & { email?: ValidationError };

export const EMPTY_DETAILS: PaymentDetails = {
  cardNumber: '',
  expiryDate: '',
  cvv: '',
  cardName: '',
  billingAddress: '',
  city: '',
  zipCode: '',
  country: '',
};

export interface CardForm {
  email: string;
  details: PaymentDetails;
  errors: CheckoutErrors;
  today: string;
  attemptKey: string | null;
}

/** Every field's error as the server would judge it: the e-mail, then the card and the billing address. */
export function checkoutErrors(form: Pick<CardForm, 'email' | 'details' | 'today'>): CheckoutErrors {
  const email = validateEmail(form.email);
  return { ...(email ? { email } : {}), ...validatePaymentDetails(form.details, form.today) };
}

/** A field as the form keeps it while typing: card number grouped, expiry as MM/YY, CVV digits only. */
function typed(field: PaymentField, value: string, previous: string): string {
  if (field === 'cardNumber') return formatCardNumber(value);
  if (field === 'expiryDate') return formatExpiry(value, previous);
  if (field === 'cvv') return value.replace(/\D/g, '').slice(0, 4);
  return value;
}

/**
 * The form after a field is typed: its error cleared, and the key dropped, since a changed card or address is a
 * new attempt (a key is kept only to retry the very same payment whose answer was lost).
 */
export function fieldChanged(form: Pick<CardForm, 'email' | 'details' | 'errors'>, field: CheckoutField, value: string): Pick<CardForm, 'email' | 'details' | 'errors' | 'attemptKey'> {
  const { [field]: _cleared, ...errors } = form.errors;
  if (field === 'email') return { email: value, details: form.details, errors, attemptKey: null };
  return { email: form.email, details: { ...form.details, [field]: typed(field, value, form.details[field]) }, errors, attemptKey: null };
}

/** The key of the attempt Pay starts: the lost one's when its answer never came, else a new one. */
export const keyForAttempt = (form: Pick<CardForm, 'attemptKey'>) => form.attemptKey ?? crypto.randomUUID();

/** A refusal the server answered (it has a status), as opposed to a connection that failed. */
export function answered(error: unknown): boolean {
  return typeof (error as { status?: unknown } | null)?.status === 'number';
}

/** After a failed payment: a refusal the server answered needs a new key; a lost answer keeps it for the retry. */
export const keyAfterFailure = (form: Pick<CardForm, 'attemptKey'>, error: unknown) => (answered(error) ? null : form.attemptKey);

export function failureOf(error: unknown): { message: string | undefined; code: string | undefined } {
  const e = error as { serverMessage?: unknown; code?: unknown } | null;
  return {
    message: typeof e?.serverMessage === 'string' ? e.serverMessage : undefined,
    code: typeof e?.code === 'string' ? e.code : undefined,
  };
}
