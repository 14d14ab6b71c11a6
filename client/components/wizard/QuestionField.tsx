import { forwardRef, memo, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRIES, type Question, type ValidationError } from '../../../machines/questionWizard.view';
import { errorText, input } from '../../styles/ui.css';
import { useLanguage } from '../../app/AppContext';
import { useValidationMessage } from '../../app/validationMessage';
import { whenIdle } from '../../app/whenIdle';
import { useCountryName } from '../countries';
import * as css from './wizard.css';

interface Props {
  question: Question;
  value: string;
  error: ValidationError | null;
  onChange: (value: string) => void;
  /** Enter without Shift moves on (spec 2-wizards §2.2). */
  onEnter: () => void;
  /** Whose form it is when not the applicant's own: the name its questions speak of (issue 45 item 9). */
  about?: string;
}

const INPUT_TYPES: Partial<Record<Question['type'], string>> = { email: 'email', phone: 'tel', date: 'date' };

interface CountryOptions {
  all: ReactNode[];
  /** Each option by the value it sends (the country's English name). */
  byValue: Map<string, ReactNode>;
}

/** Each language's country options, sorted once: every country question mounts the same ones (issue 16). */
const countryOptions = new Map<string, CountryOptions>();

function useCountryOptions(): CountryOptions {
  const { language } = useLanguage();
  const nameOf = useCountryName();
  let options = countryOptions.get(language);
  if (!options) {
    const collator = new Intl.Collator(language);
    const sorted = COUNTRIES.map((c) => ({ c, label: nameOf(c) })).sort((a, b) => collator.compare(a.label, b.label));
    const byValue = new Map<string, ReactNode>(
      sorted.map(({ c, label }) => [
        c.name,
        <option key={c.code} value={c.name}>
          {label}
        </option>,
      ]),
    );
    options = { all: [...byValue.values()], byValue };
    countryOptions.set(language, options);
  }
  return options;
}

/**
 * Whether a country question lists every country yet. A closed list shows only its choice, so the question is
 * drawn with that one option and the other 198 follow once the browser is idle, or at once when the applicant
 * reaches for the list (pointer or key): creating and styling them cost a phone more than the rest of the
 * question (issue 16). The options come before the browser opens the list or acts on the key.
 */
function useCountryListing(isCountry: boolean): [listed: boolean, list: () => void] {
  const [listed, setListed] = useState(!isCountry);
  useEffect(() => (listed ? undefined : whenIdle(() => setListed(true))), [listed]);
  return [listed, () => setListed(true)];
}

/** One question of a catalog, drawn by its type; label, hint and error are tied to the input for screen readers. */
const Field = forwardRef<HTMLElement, Props>(function QuestionField({ question, value, error, onChange, onEnter, about }, ref) {
  const { t, i18n } = useTranslation(['catalog', 'validation', 'wizard']);
  const message = useValidationMessage();
  const countries = useCountryOptions();
  const [listed, list] = useCountryListing(question.type === 'country');
  const id = `q-${question.id}`;
  const described = [question.hintKey ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: question.id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    'aria-required': question.required || undefined,
  } as const;
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      onEnter();
    }
  };
  // Another traveller's form (issue 45 item 9): the questions that would say "your" name that traveller instead.
  const aboutKey = question.labelKey.replace('.q.', '.about.');
  const label = about && aboutKey !== question.labelKey && i18n.exists(aboutKey) ? t(aboutKey, { name: about }) : t(question.labelKey);

  let control: React.ReactNode;
  if (question.type === 'radio') {
    control = (
      // A radio group, named by the question text above it: the group role is what allows aria-required (a plain
      // fieldset's "group" role does not) and what screen readers announce with the question.
      <fieldset
        className={css.options}
        {...common}
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        ref={ref as React.Ref<HTMLFieldSetElement>}
        tabIndex={-1}
      >
        {question.options?.map((o) => (
          <label key={o.value} className={css.option}>
            <input type="radio" name={question.id} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} onKeyDown={onKeyDown} />
            {t(o.labelKey)}
          </label>
        ))}
      </fieldset>
    );
  } else if (question.type === 'select' || question.type === 'country') {
    control = (
      <select
        {...common}
        ref={ref as React.Ref<HTMLSelectElement>}
        className={input}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onPointerDown={list}
        onKeyDown={(e) => {
          list();
          onKeyDown(e);
        }}
      >
        <option value="">{t('wizard:select')}</option>
        {question.type === 'country'
          ? listed
            ? countries.all
            : countries.byValue.get(value)
          : question.options?.map((o) => (
              <option key={o.value} value={o.value}>
                {t(o.labelKey)}
              </option>
            ))}
      </select>
    );
  } else if (question.type === 'textarea') {
    control = (
      <textarea
        {...common}
        ref={ref as React.Ref<HTMLTextAreaElement>}
        className={`${input} ${css.textarea}`}
        value={value}
        maxLength={2000}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
    );
  } else {
    control = (
      <input
        {...common}
        ref={ref as React.Ref<HTMLInputElement>}
        className={input}
        type={INPUT_TYPES[question.type] ?? 'text'}
        inputMode={question.type === 'number' ? 'decimal' : undefined}
        autoComplete={question.type === 'email' ? 'email' : question.type === 'phone' ? 'tel' : 'off'}
        maxLength={question.type === 'date' ? undefined : 250}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={onKeyDown}
      />
    );
  }

  return (
    <div>
      {question.type === 'radio' ? (
        <p className={css.question} id={`${id}-label`}>
          {label}
          {!question.required && <span className={css.hint}> {t('wizard:optional')}</span>}
        </p>
      ) : (
        <label className={css.question} htmlFor={id}>
          {label}
          {!question.required && <span className={css.hint}> {t('wizard:optional')}</span>}
        </label>
      )}
      {question.hintKey && (
        <p id={`${id}-hint`} className={css.hint}>
          {t(question.hintKey)}
        </p>
      )}
      <div>{control}</div>
      {error && (
        <p id={`${id}-error`} className={errorText} role="alert">
          {message(error)}
        </p>
      )}
    </div>
  );
});

/** Drawn again when its question, answer or error changes, not whenever the page is (issue 16). */
export const QuestionField = memo(Field);
