import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_FORM_ID, OTHER_COUNTRY, PAYMENT_FIELDS, type CheckoutErrors, type CheckoutField, type PaymentDetails } from '../../../machines/checkout.view';
import { useCountryOptions } from '../../components/countries';
import { button, errorText, heading, input, label, muted, small, stack } from '../../styles/ui.css';
import * as css from './checkout.css';

// The card form of both checkouts (the single one and the group's): the receipt's e-mail, the card, the billing
// address and Pay. It draws what its machine holds and sends every keystroke back.

/** How each field is typed and autofilled. Card data is never logged or stored by the page. */
const FIELD_PROPS: Record<CheckoutField, { autoComplete: string; inputMode?: 'numeric' | 'email'; maxLength?: number; wide?: boolean }> = {
  email: { autoComplete: 'email', inputMode: 'email', maxLength: 254, wide: true },
  cardNumber: { autoComplete: 'cc-number', inputMode: 'numeric', maxLength: 30, wide: true },
  expiryDate: { autoComplete: 'cc-exp', inputMode: 'numeric', maxLength: 10 },
  cvv: { autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 6 },
  cardName: { autoComplete: 'cc-name', maxLength: 100, wide: true },
  billingAddress: { autoComplete: 'billing street-address', maxLength: 200, wide: true },
  city: { autoComplete: 'billing address-level2', maxLength: 100 },
  zipCode: { autoComplete: 'billing postal-code', maxLength: 20 },
  country: { autoComplete: 'billing country-name', wide: true },
};

const fieldId = (field: CheckoutField) => `payment-${field}`;

export interface CardFormProps {
  email: string;
  details: PaymentDetails;
  errors: CheckoutErrors;
  /** A quote or the payment is under way: nothing can be changed. */
  busy: boolean;
  /** The payment is under way: the button says so. */
  paying: boolean;
  /** Pay's label with the amount, in the interface language. */
  payLabel: string;
  onChange: (field: CheckoutField, value: string) => void;
  onPay: () => void;
  /** What the page says above the form (why the last payment failed). */
  children?: ReactNode;
  /** The id of the text saying why Pay cannot be used yet (a minor without a guardian): Pay is disabled and names it. */
  blockedBy?: string;
}

export function CardForm({ email, details, errors, busy, paying, payLabel, onChange, onPay, children, blockedBy }: CardFormProps) {
  const { t } = useTranslation(['commerce', 'validation']);
  const countries = useCountryOptions();
  const errorOf = (field: CheckoutField) => {
    const error = errors[field];
    return error ? t(error.key.includes(':') ? error.key : `validation:${error.key}`, error.params) : null;
  };

  return (
    <>
      <h2 id="payment-title" className={heading.section}>
        {t('checkout.payment.title')}
      </h2>
      <p className={`${muted} ${small}`}>{t('checkout.payment.secure')}</p>
      {children}
      <form
        id={CARD_FORM_ID}
        noValidate
        className={stack}
        aria-labelledby="payment-title"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) onPay();
        }}
      >
        <div>
          <label className={label} htmlFor={fieldId('email')}>
            {t('checkout.fields.email.label')}
          </label>
          <input
            id={fieldId('email')}
            name="email"
            type="email"
            className={input}
            required
            autoComplete={FIELD_PROPS.email.autoComplete}
            inputMode={FIELD_PROPS.email.inputMode}
            maxLength={FIELD_PROPS.email.maxLength}
            spellCheck={false}
            disabled={busy}
            aria-invalid={errorOf('email') ? true : undefined}
            aria-describedby={[`${fieldId('email')}-hint`, errorOf('email') ? `${fieldId('email')}-error` : ''].filter(Boolean).join(' ')}
            value={email}
            onChange={(e) => onChange('email', e.target.value)}
          />
          <p id={`${fieldId('email')}-hint`} className={css.hint}>
            {t('checkout.fields.email.hint')}
          </p>
          {errorOf('email') && (
            <p id={`${fieldId('email')}-error`} className={errorText}>
              {errorOf('email')}
            </p>
          )}
        </div>
        <div className={css.fields}>
          {PAYMENT_FIELDS.map((field) => {
            const props = FIELD_PROPS[field];
            const id = fieldId(field);
            const error = errorOf(field);
            const hint = field === 'expiryDate' ? t('checkout.fields.expiryDate.hint') : null;
            const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
            const common = {
              id,
              name: field,
              className: input,
              required: true,
              autoComplete: props.autoComplete,
              disabled: busy,
              'aria-invalid': error ? true : undefined,
              'aria-describedby': described,
            } as const;
            return (
              <div key={field} className={props.wide ? css.wide : undefined}>
                <label className={label} htmlFor={id}>
                  {t(`checkout.fields.${field}.label`)}
                </label>
                {field === 'country' ? (
                  <select {...common} value={details.country} onChange={(e) => onChange(field, e.target.value)}>
                    <option value="">{t('checkout.fields.country.choose')}</option>
                    {countries.map((c) => (
                      <option key={c.code} value={c.value}>
                        {c.label}
                      </option>
                    ))}
                    <option value={OTHER_COUNTRY}>{t('checkout.fields.country.other')}</option>
                  </select>
                ) : (
                  <input
                    {...common}
                    type="text"
                    inputMode={props.inputMode}
                    maxLength={props.maxLength}
                    spellCheck={false}
                    placeholder={field === 'expiryDate' ? t('checkout.fields.expiryDate.hint') : undefined}
                    value={details[field]}
                    onChange={(e) => onChange(field, e.target.value)}
                  />
                )}
                {hint && (
                  <p id={`${id}-hint`} className={css.hint}>
                    {hint}
                  </p>
                )}
                {error && (
                  <p id={`${id}-error`} className={errorText}>
                    {error}
                  </p>
                )}
              </div>
            );
          })}
        </div>
        <button
          type="button"
          className={`${button.primary} ${css.fullWidth}`}
          data-testid="pay-button"
          data-main-action
          disabled={busy || Boolean(blockedBy)}
          aria-describedby={blockedBy}
          aria-busy={paying || undefined}
          onClick={onPay}
        >
          {paying ? t('processing') : payLabel}
        </button>
      </form>
    </>
  );
}
