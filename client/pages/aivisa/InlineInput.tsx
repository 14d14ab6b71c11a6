import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findCountry } from '../../../machines/domain/countries';
import { INLINE_COUNTRIES, inlineError, type InlineType } from '../../../machines/domain/chatMarkers';
import { button, errorText, input as inputClass, row } from '../../styles/ui.css';

const HTML_TYPE: Record<InlineType, string> = { text: 'text', email: 'email', date: 'date', number: 'text', country: 'text' };

/** An [INPUT:type:label] of the assistant's reply: its widget, checked before it is sent (spec 3-ai §5). */
export function InlineInput({ type, label, onSend }: { type: InlineType; label: string; onSend: (value: string) => void }) {
  const { t, i18n } = useTranslation('aivisa');
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const submit = () => {
    const problem = inlineError(type, value);
    setError(problem);
    if (!problem) onSend(value.trim());
  };
  return (
    <form
      className={row}
      data-testid={`inline-${type}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      {type === 'country' ? (
        <select id={id} className={inputClass} value={value} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => setValue(e.target.value)}>
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
          onChange={(e) => setValue(e.target.value)}
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
