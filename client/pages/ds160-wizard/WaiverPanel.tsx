import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { button, card, notice, row, stack } from '../../styles/ui.css';
import * as css from './ds160Wizard.css';

const BENEFITS = ['faster', 'cheaper', 'simpler', 'validity', 'stay'] as const;

/**
 * Spec 2-wizards §4.6: a visa-waiver nationality is offered the ESTA instead, with its benefits. Focus moves here
 * when it appears, so a keyboard or screen-reader user meets it before the next section.
 */
export function WaiverPanel({ country, onSwitch, onDismiss }: { country: string; onSwitch: () => void; onDismiss: () => void }) {
  const { t } = useTranslation('ds160form');
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    region.current?.focus();
  }, []);
  return (
    <section
      ref={region}
      className={`${card} ${notice.info} ${stack} ${css.panel}`}
      role="region"
      aria-labelledby="ds160-waiver-title"
      tabIndex={-1}
      data-testid="ds160-waiver"
    >
      <h2 id="ds160-waiver-title" className={css.panelTitle}>
        {t('waiver.title')}
      </h2>
      <p>{t('waiver.intro', { country })}</p>
      <h3 className={css.count}>{t('waiver.benefitsTitle')}</h3>
      <ul className={css.benefits}>
        {BENEFITS.map((benefit) => (
          <li key={benefit}>{t(`waiver.benefits.${benefit}`)}</li>
        ))}
      </ul>
      <p>{t('waiver.note')}</p>
      <div className={row}>
        <button type="button" className={button.primary} onClick={onSwitch}>
          {t('waiver.switch')}
        </button>
        <button type="button" className={button.secondary} onClick={onDismiss}>
          {t('waiver.continue')}
        </button>
      </div>
    </section>
  );
}
