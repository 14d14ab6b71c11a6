import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { conversionsView } from '../../../machines/adminDashboard.view';
import { useFormat } from '../../app/format';
import { useMoney } from '../../app/money';
import { Spinner } from '../../components/Spinner';
import { card, heading, stack } from '../../styles/ui.css';
import type { DashboardRef } from './AdminDashboard';
import * as css from './admin.css';
import { Failed } from './parts';

/**
 * Conversions (spec 1-core §2.10): the funnel, revenue by plan, and performance. Bounce rate, form time and visits
 * per visitor are measured; average session and satisfaction stay the spec's fixed texts (nothing measures them).
 */
export function ConversionsTab({ dashboard }: { dashboard: DashboardRef }) {
  const { t } = useTranslation('admin');
  const money = useMoney();
  const format = useFormat();
  const { data, funnel, loading, failed } = useSelector(dashboard, conversionsView, (a, b) => JSON.stringify(a) === JSON.stringify(b));

  if (failed) return <Failed text={t('conversions.failed')} onRetry={() => dashboard.send({ type: 'RETRY' })} />;
  if (!data) return <Spinner label={t('conversions.loading')} />;
  const { metrics } = data;
  const none = t('conversions.noData');

  return (
    <div className={css.twoColumns} aria-busy={loading}>
      <section className={`${card} ${stack}`} aria-labelledby="funnel">
        <h2 id="funnel" className={heading.section}>
          {t('conversions.funnel')}
        </h2>
        <ol className={css.funnel} data-testid="funnel">
          {funnel.map((stage) => (
            <li key={stage.stage} className={css.listRow}>
              <span className={css.grow}>{t(`conversions.stages.${stage.stage}`)}</span>
              <span className={css.bar} aria-hidden="true">
                <span className={css.barFill} style={{ width: `${Math.min(100, stage.share)}%`, display: 'block' }} />
              </span>
              <span>
                {format.number(stage.count)} ({t('conversions.ofVisitors', { rate: format.percent(stage.share) })})
              </span>
            </li>
          ))}
        </ol>
      </section>
      <section className={`${card} ${stack}`} aria-labelledby="revenue-by-plan">
        <h2 id="revenue-by-plan" className={heading.section}>
          {t('conversions.revenueByPlan')}
        </h2>
        <dl className={css.metrics} data-testid="revenue-by-plan">
          {(['basic', 'pro', 'premium', 'esta'] as const).map((plan) => (
            <div key={plan}>
              <dt className={css.metricTerm}>{t(`conversions.plans.${plan}`)}</dt>
              <dd className={css.metricValue}>{money(data.revenueByPlan[plan])}</dd>
            </div>
          ))}
        </dl>
        <h2 className={heading.section}>{t('conversions.performance')}</h2>
        <dl className={css.metrics}>
          <Metric term={t('conversions.avgSession')} value={t('conversions.avgSessionValue')} />
          <Metric term={t('conversions.bounceRate')} value={metrics.bounceRate === null ? none : format.percent(metrics.bounceRate)} />
          <Metric term={t('conversions.formTime')} value={metrics.formCompletionMinutes === null ? none : format.minutes(metrics.formCompletionMinutes)} />
          <Metric term={t('conversions.visitsPerVisitor')} value={metrics.visitsPerVisitor === null ? none : format.number(metrics.visitsPerVisitor)} />
          <Metric term={t('conversions.satisfaction')} value={t('conversions.satisfactionValue')} />
        </dl>
      </section>
    </div>
  );
}

function Metric({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className={css.metricTerm}>{term}</dt>
      <dd className={css.metricValue}>{value}</dd>
    </div>
  );
}
