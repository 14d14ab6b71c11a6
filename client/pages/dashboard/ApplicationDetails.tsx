import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { describeAnswers, type applicationRow, type DescribedAnswer } from '../../../machines/dashboard.view';
import type { ApplicationDto } from '../../../openapi/schemas/applications';
import { Link } from '../../app/Link';
import { useAnswerFormat } from '../../app/answerFormat';
import { Spinner } from '../../components/Spinner';
import { button, heading, muted, stack } from '../../styles/ui.css';
import { Meta } from './ApplicationItem';
import * as css from './dashboard.css';
import { ORDER_STATUSES, PAYMENT_STATUSES, PLANS, STATUSES, useFormats } from './formats';

/** View (spec 1-core §2.8): the application's facts and orders. */
export function DetailsPanel({ row }: { row: ReturnType<typeof applicationRow> }) {
  const { application } = row;
  const { t } = useTranslation('account');
  const format = useFormats();
  return (
    <>
      <h2 id="panel-title" className={heading.section} tabIndex={-1}>
        {format.title(application)}
      </h2>
      <dl className={css.meta}>
        <Meta term={t('dashboard.details.type')} value={format.type(application.type)} />
        <Meta term={t('dashboard.details.country')} value={application.country ? format.country(application.country) : '—'} />
        <Meta term={t('dashboard.item.purpose')} value={format.purpose(application)} />
        <Meta term={t('dashboard.details.status')} value={format.known('dashboard.status', STATUSES, application.status)} />
        <Meta term={t('dashboard.details.progress')} value={t('dashboard.item.progressValue', { value: application.progress })} />
        <Meta term={t('dashboard.item.created')} value={format.date(application.createdAt)} />
        <Meta term={t('dashboard.item.lastModified')} value={format.date(application.lastModified)} />
        <Meta term={t('dashboard.details.payment')} value={format.known('dashboard.paymentStatus', PAYMENT_STATUSES, application.paymentStatus)} />
        <Meta term={t('dashboard.details.plan')} value={row.plan ? format.known('dashboard.plans', PLANS, row.plan) : '—'} />
      </dl>
      <h3 className={css.itemTitle}>{t('dashboard.details.orders')}</h3>
      {row.orders.length === 0 ? (
        <p className={muted}>{t('dashboard.details.noOrders')}</p>
      ) : (
        <ul className={css.orders}>
          {row.orders.map((order) => (
            <li key={order.id} className={css.order}>
              <span>
                <strong>{t('dashboard.details.orderNumber', { number: order.number })}</strong>
                <br />
                <span className={muted}>
                  {t('dashboard.details.orderSummary', {
                    product: format.known('dashboard.plans', PLANS, order.product),
                    status: format.known('dashboard.orderStatus', ORDER_STATUSES, order.status),
                  })}
                </span>
              </span>
              <Link to={order.to}>
                {t('dashboard.details.orderLink', { number: order.number })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export interface AnswersProps {
  application: ApplicationDto;
  answers: { state: 'loading' | 'shown' | 'failed'; values: Record<string, unknown> };
  onRetry: () => void;
}

/**
 * The application's answers, read-only, under their form's sections: each labelled with its question and worded in
 * the interface language (machines/domain/answers.ts, client/app/answerFormat.ts), whichever form or chat made it.
 */
export function AnswersList({ application, answers, onRetry }: AnswersProps) {
  const { t } = useTranslation(['account', 'answers', 'catalog', 'ds160form', 'wizard']);
  const format = useAnswerFormat();
  const groups = useMemo(() => {
    const bySection = new Map<string, DescribedAnswer[]>();
    for (const answer of describeAnswers(application.source, answers.values)) bySection.set(answer.section, [...(bySection.get(answer.section) ?? []), answer]);
    return [...bySection.values()];
  }, [application.source, answers.values]);
  if (answers.state === 'loading') return <Spinner label={t('dashboard.details.answersLoading')} />;
  if (answers.state === 'failed') {
    return (
      <div role="alert" className={stack}>
        <p>{t('dashboard.details.answersFailed')}</p>
        <div>
          <button type="button" className={button.secondary} onClick={onRetry}>
            {t('dashboard.retry')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <section aria-labelledby="answers-title" className={stack} data-testid="application-answers">
      <h3 id="answers-title" className={css.itemTitle}>
        {t('dashboard.details.answers')}
      </h3>
      {groups.length === 0 ? (
        <p className={muted}>{t('dashboard.details.noAnswers')}</p>
      ) : (
        groups.map((group) => (
          <div key={group[0]?.section} className={stack}>
            <h4 className={muted}>{group[0]?.sectionKey ? t(group[0].sectionKey) : t('answers:sections.other')}</h4>
            <dl className={css.answers}>
              {group.map((answer) => (
                <div key={answer.id}>
                  <dt className={muted}>{format.label(answer)}</dt>
                  {format.lines(answer.value).map((line, i) => (
                    <dd key={i}>{line}</dd>
                  ))}
                </div>
              ))}
            </dl>
          </div>
        ))
      )}
    </section>
  );
}
