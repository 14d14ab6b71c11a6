import { useTranslation } from 'react-i18next';
import { DS160_PLANS, type Ds160Plan } from '../../../machines/domain/ds160Sections';
import { useMoney } from '../../app/money';
import { useSiteData } from '../../app/siteData';
import { button, card, muted, notice, stack } from '../../styles/ui.css';
import * as css from './ds160Wizard.css';

/** The consular interview (MRV) fee the completion card shows, paid to the U.S. government separately (spec §2.4, §9). */
export const CONSULAR_INTERVIEW_FEE = 185;

const PRICE_KEYS = { basic: 'DS160_BASIC', pro: 'DS160_PRO', premium: 'DS160_PREMIUM' } as const satisfies Record<Ds160Plan, string>;

export const planOf = (value: unknown): Ds160Plan =>
  typeof value === 'string' && (DS160_PLANS as readonly string[]).includes(value) ? (value as Ds160Plan) : 'basic';

/**
 * Spec 2-wizards §2.4: when all ten sections are done, the service, the consular fee (paid separately), the
 * service fee and the total, with Proceed to Payment. The fee is the server's pricing map's, for the chosen plan.
 */
export function CompletionCard({ plan, busy, onProceed }: { plan: Ds160Plan; busy: boolean; onProceed: () => void }) {
  const { t } = useTranslation(['ds160form', 'ds160page']);
  const money = useMoney();
  const { pricing } = useSiteData();
  const serviceFee = pricing[PRICE_KEYS[plan]];
  const service = plan === 'basic' ? t('completion.serviceName') : t('ds160page:completion.serviceNameWithPlan', { plan: t(`options.plan.${plan}`) });
  return (
    <section className={`${card} ${notice.success} ${stack}`} aria-labelledby="ds160-completion-title" data-testid="ds160-completion">
      <h2 id="ds160-completion-title" className={css.panelTitle}>
        {t('completion.title')}
      </h2>
      <p className={muted}>{t('completion.description')}</p>
      <dl className={css.lines}>
        <div className={css.line}>
          <dt>{t('completion.service')}</dt>
          <dd>{service}</dd>
        </div>
        <div className={css.line}>
          <dt>
            {t('completion.consularFee')} <span className={muted}>{t('completion.paidSeparately')}</span>
          </dt>
          <dd>{money(CONSULAR_INTERVIEW_FEE, { cents: true })}</dd>
        </div>
        <div className={css.line}>
          <dt>{t('completion.serviceFee')}</dt>
          <dd data-testid="ds160-service-fee">{money(serviceFee, { cents: true })}</dd>
        </div>
        <div className={css.totalLine}>
          <dt>{t('completion.total')}</dt>
          <dd data-testid="ds160-total">{money(serviceFee, { cents: true })}</dd>
        </div>
      </dl>
      <div>
        <button type="button" className={button.primary} disabled={busy} onClick={onProceed} data-main-action>
          {t('completion.proceed')}
        </button>
      </div>
    </section>
  );
}
