import { useTranslation } from 'react-i18next';
import type { NextStep } from '../../machines/confirmation.view';
import { useMoney } from '../app/money';
import { useSiteData } from '../app/siteData';
import { muted, stack } from '../styles/ui.css';

interface Props {
  /** Each traveller's step; `name` heads it when there are several. */
  steps: ReadonlyArray<{ name?: string; step: NextStep }>;
}

/**
 * What happens next, for each traveller (issue 45 item 23): the official site where the application is submitted,
 * the government fee paid there, and what follows. The same content and words as the "what happens next" e-mail
 * (machines/domain/nextSteps.ts, locales/*\/mail.json `nextSteps`).
 */
export function NextSteps({ steps }: Props) {
  const { t } = useTranslation('mail');
  const money = useMoney();
  const { branding } = useSiteData();
  const brand = branding.brandName;
  return (
    <div className={stack} data-testid="next-steps">
      <p className={muted}>{t('nextSteps.intro', { brand })}</p>
      {steps.map(({ name, step }, i) => (
        <div key={i} className={stack} data-testid="next-step">
          {name !== undefined && <h3>{t('nextSteps.traveller', { name: name || '—', form: t(`form.${step.service}`) })}</h3>}
          <ul>
            <li>
              {t('nextSteps.site', { url: '' }).trim()}{' '}
              <a href={step.officialSite} target="_blank" rel="noopener noreferrer" data-testid="next-step-site">
                {step.officialSite}
              </a>
            </li>
            <li data-testid="next-step-fee">{step.governmentFeeCents > 0 ? t('nextSteps.fee', { amount: money(step.governmentFeeCents / 100, { cents: true }), brand }) : t('nextSteps.feeNone')}</li>
            {step.lines.map((line) => (
              <li key={line} data-testid={`next-step-${line}`}>
                {t(`nextSteps.${line}`)}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
