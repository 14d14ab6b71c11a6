import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PURPOSES, type Purpose } from '../../machines/domain/visaRules';
import { label as labelClass } from '../styles/ui.css';
import * as css from './start.css';

const ICONS: Record<Purpose, string> = { tourism: '🏖️', business: '💼', transit: '✈️', study: '🎓' };

interface Props {
  value: Purpose | null;
  onSelect: (purpose: Purpose) => void;
  /** /apply shows upper-case buttons (TOURISM…), /visa-wizard shows cards with a description. */
  variant: 'cards' | 'buttons';
}

/** The four purposes as a radio group: arrow keys move between them as in any radio group. */
export function PurposePicker({ value, onSelect, variant }: Props) {
  const { t } = useTranslation('start');
  const id = useId();
  return (
    <div>
      <span className={labelClass} id="purpose-label">
        {t('purpose.label')}
      </span>
      <div role="radiogroup" aria-labelledby="purpose-label" className={css.purposeGrid}>
        {PURPOSES.map((purpose, i) => {
          const checked = value === purpose;
          return (
            <button
              key={purpose}
              type="button"
              role="radio"
              aria-checked={checked}
              aria-labelledby={`${id}-${purpose}`}
              aria-describedby={variant === 'cards' ? `${id}-${purpose}-body` : undefined}
              tabIndex={checked || (value === null && i === 0) ? 0 : -1}
              className={css.purposeCard}
              onClick={() => onSelect(purpose)}
              onKeyDown={(e) => {
                const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
                if (!step) return;
                e.preventDefault();
                const next = PURPOSES[(i + step + PURPOSES.length) % PURPOSES.length] as Purpose;
                onSelect(next);
                (e.currentTarget.parentElement?.children[PURPOSES.indexOf(next)] as HTMLElement | undefined)?.focus();
              }}
            >
              {variant === 'cards' && (
                <span className={css.purposeIcon} aria-hidden="true">
                  {ICONS[purpose]}
                </span>
              )}
              <strong id={`${id}-${purpose}`}>{variant === 'buttons' ? t(`purpose.${purpose}.title`).toUpperCase() : t(`purpose.${purpose}.title`)}</strong>
              {variant === 'cards' && <span id={`${id}-${purpose}-body`}>{t(`purpose.${purpose}.body`)}</span>}
            </button>
          );
        })}
      </div>
    </div>
  );
}
