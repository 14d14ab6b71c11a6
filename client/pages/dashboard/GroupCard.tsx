import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApplicationCard } from '../../../machines/dashboard.view';
import { Link } from '../../app/Link';
import type { ApplicationDto } from '../../../openapi/schemas/applications';
import { useFormat } from '../../app/format';
import { useMoney } from '../../app/money';
import { button, muted, stack } from '../../styles/ui.css';
import * as css from './dashboard.css';

interface Props {
  card: Extract<ApplicationCard, { kind: 'group' }>;
  /** A traveller's own application, as the dashboard lists one travelling alone. */
  item: (application: ApplicationDto) => ReactNode;
}

/**
 * A family or group (issue 36): one card with the payments that paid for its travellers together (each one's
 * confirmation and receipt again, for a leader who lost its address), and its travellers, each continued on
 * their own application.
 */
export function GroupCard({ card, item }: Props) {
  const { t } = useTranslation('account');
  const format = useFormat();
  const money = useMoney();
  const titleId = `group-${card.id}-title`;
  return (
    <li className={`${css.item} ${stack}`} data-testid={`group-${card.id}`} aria-labelledby={titleId}>
      <h3 id={titleId} className={css.itemTitle}>
        {t('dashboard.group.title', { count: card.applications.length })}
      </h3>
      {card.payments.length > 0 && (
        <ul className={css.list}>
          {card.payments.map((payment) => {
            const textId = `group-payment-${payment.id}-text`;
            return (
              <li key={payment.id} className={css.itemHead} data-testid={`group-payment-${payment.id}`}>
                <span id={textId}>
                  {t('dashboard.group.paid', { date: format.date(payment.paidAt), number: payment.number, total: money(payment.total / 100, { cents: true }) })}
                </span>
                <Link to={payment.to} className={button.secondary} aria-describedby={textId} data-testid={`group-payment-link-${payment.id}`}>
                  {t('dashboard.group.viewPayment')}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <ul className={css.list}>
        {card.applications.map((application) => (
          <li key={application.id} className={stack}>
            <span className={muted}>
              {t('dashboard.group.traveller', {
                name: application.group?.traveller ?? '',
                relationship: t(`group:relationship.${application.group?.relationship ?? 'groupMember'}`),
              })}
            </span>
            <ul className={css.list}>{item(application)}</ul>
          </li>
        ))}
      </ul>
    </li>
  );
}
