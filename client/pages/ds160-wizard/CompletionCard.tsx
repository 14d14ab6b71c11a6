import { useTranslation } from 'react-i18next';
import type { Ds160Plan } from '../../../machines/ds160Form.view';
import type { PriceDto } from '../../../openapi/schemas/orders';
import { PriceLines } from '../../components/PriceStory';
import { Spinner } from '../../components/Spinner';
import { button, card, muted, notice, stack } from '../../styles/ui.css';
import * as css from './ds160Wizard.css';

interface Props {
  plan: Ds160Plan;
  /** The server's quote for the plan and this application; null while it is asked for. */
  price: PriceDto | null;
  priceFailed: boolean;
  busy: boolean;
  onProceed: () => void;
  onRetryPrice: () => void;
}

/**
 * Spec 2-wizards §2.4: when all ten sections are done, the service and its price, with Proceed to Payment. The
 * price is the server's quote, the one checkout charges: our fee, the processing fee, the consular (government)
 * fee paid separately, and the total as their sum (docs/DECISIONS.md, one price story).
 */
export function CompletionCard({ plan, price, priceFailed, busy, onProceed, onRetryPrice }: Props) {
  const { t } = useTranslation(['ds160form', 'ds160page', 'common']);
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
      </dl>
      {price ? (
        <PriceLines price={price} service="DS-160" product={plan} />
      ) : priceFailed ? (
        <div role="alert" className={stack}>
          <p>{t('ds160page:completion.priceFailed')}</p>
          <div>
            <button type="button" className={button.secondary} onClick={onRetryPrice}>
              {t('ds160page:completion.retryPrice')}
            </button>
          </div>
        </div>
      ) : (
        <Spinner label={t('common:price.loading')} />
      )}
      <div>
        <button type="button" className={button.primary} disabled={busy} onClick={onProceed} data-main-action>
          {t('completion.proceed')}
        </button>
      </div>
    </section>
  );
}
