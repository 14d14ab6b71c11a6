import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flagOf, QUICK_PICKS, searchCountries, findCountry } from '../../machines/domain/countries';
import { input, label as labelClass, linkButton, muted } from '../styles/ui.css';
import { useCountryName } from './countries';
import * as css from './start.css';

interface Props {
  label: string;
  query: string;
  selected: string | null;
  quickPicks?: boolean;
  onQueryChange: (query: string) => void;
  onSelect: (country: string) => void;
  onClear: () => void;
}

/** Citizenship typeahead (spec 3-ai §2.1): case-insensitive substring, at most 10 matches, each with a flag. */
export function CountrySearch({ label, query, selected, quickPicks = false, onQueryChange, onSelect, onClear }: Props) {
  const { t } = useTranslation('start');
  const nameOf = useCountryName();
  const id = useId();
  // Which option the arrow keys point at: presentation only, the choice itself lives in the machine.
  const [active, setActive] = useState(0);
  const chosen = selected ? findCountry(selected) : undefined;

  if (chosen) {
    return (
      <div className={css.chosen} aria-live="polite">
        <span className={css.flag} aria-hidden="true">
          {flagOf(chosen.code)}
        </span>
        <strong>{nameOf(chosen)}</strong>
        <span className={css.valid}>✓ {t('country.valid')}</span>
        <button type="button" className={linkButton} onClick={onClear} aria-label={t('country.changeLabel')}>
          {t('country.change')}
        </button>
      </div>
    );
  }

  const matches = searchCountries(query, nameOf);
  const open = query.trim() !== '';
  const listId = `${id}-list`;
  const activeIndex = Math.min(active, Math.max(matches.length - 1, 0));

  return (
    <div className={css.combobox}>
      <label className={labelClass} htmlFor={`${id}-input`}>
        {label}
      </label>
      <input
        id={`${id}-input`}
        className={input}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && matches.length ? `${id}-opt-${activeIndex}` : undefined}
        placeholder={t('country.placeholder')}
        value={query}
        onChange={(e) => {
          setActive(0);
          onQueryChange(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((i) => Math.min(i + 1, matches.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((i) => Math.max(i - 1, 0));
          } else if (e.key === 'Enter' && matches[activeIndex]) {
            e.preventDefault();
            onSelect(matches[activeIndex].name);
          } else if (e.key === 'Escape') {
            onQueryChange('');
          }
        }}
      />
      {open && (
        <ul id={listId} role="listbox" aria-label={label} className={css.listbox}>
          {matches.length === 0 ? (
            <li role="option" aria-disabled="true" aria-selected="false" className={muted}>
              {t('country.none')}
            </li>
          ) : (
            matches.map((c, i) => (
              <li
                key={c.code}
                id={`${id}-opt-${i}`}
                role="option"
                aria-selected={i === activeIndex}
                className={css.option}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => onSelect(c.name)}
              >
                <span className={css.flag} aria-hidden="true">
                  {flagOf(c.code)}
                </span>
                {nameOf(c)}
              </li>
            ))
          )}
        </ul>
      )}
      {quickPicks && (
        <div className={css.quickPicks} role="group" aria-label={t('country.quickPicks')}>
          {QUICK_PICKS.map((name) => {
            const c = findCountry(name);
            return (
              c && (
                <button key={c.code} type="button" className={css.chip} onClick={() => onSelect(c.name)}>
                  <span aria-hidden="true">{flagOf(c.code)}</span>
                  <span>{nameOf(c)}</span>
                </button>
              )
            );
          })}
        </div>
      )}
    </div>
  );
}
