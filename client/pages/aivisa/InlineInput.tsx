import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { findCountry } from '../../../machines/domain/countries';
import { INLINE_COUNTRIES, type InlineType } from '../../../machines/domain/chatMarkers';
import { button, errorText, input as inputClass, row } from '../../styles/ui.css';

const HTML_TYPE: Record<InlineType, string> = { text: 'text', email: 'email', date: 'date', number: 'text', country: 'text' };

interface Props {
  type: InlineType;
  label: string;
  value: string;
  /** The message's translation key, when the chat's machine refused what was typed. */
  error: string | null;
  onChange: (value: string) => void;
  onSubmit: () => void;
}

/** An [INPUT:type:label] of the assistant's reply: its widget (spec 3-ai §5); the chat's machine checks and sends it. */
export function InlineInput({ type, label, value, error, onChange, onSubmit }: Props) {
  const { t, i18n } = useTranslation('aivisa');
  const id = useId();
  const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
  return (
    <form
      className={row}
      data-testid={`inline-${type}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      {type === 'country' ? (
        <select id={id} className={inputClass} value={value} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('inline.countryPlaceholder')}</option>
          {INLINE_COUNTRIES.map((country) => {
            const code = findCountry(country)?.code;
            return (
              <option key={country} value={country}>
                {(code && names.of(code)) || country}
              </option>
            );
          })}
        </select>
      ) : (
        <input
          id={id}
          className={inputClass}
          type={HTML_TYPE[type]}
          inputMode={type === 'number' ? 'decimal' : undefined}
          value={value}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      <button type="submit" className={button.secondary}>
        {t('inline.send')}
      </button>
      {error && (
        <span id={`${id}-error`} className={errorText} role="alert">
          {t(error)}
        </span>
      )}
    </form>
  );
}
