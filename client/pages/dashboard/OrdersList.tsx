import { useTranslation } from 'react-i18next';
import { orderRow, type GroupEntry, type OrderEntry } from '../../../machines/dashboard.view';
import { useLanguage } from '../../app/AppContext';
import { Link } from '../../app/Link';
import { useMoney } from '../../app/money';
import { button, card, heading, muted, stack } from '../../styles/ui.css';
import * as css from './dashboard.css';

const ORDER_STATUSES = ['pending', 'paid', 'failed', 'refunded'] as const;
const STATUS_STYLE = { pending: 'in-progress', paid: 'approved', failed: 'rejected', refunded: 'draft' } as const;

interface Props {
  /** An order alone, or a group's payment as one attempt (machines/domain/orderEntries.ts). */
  entries: OrderEntry[];
  /** The order whose PDF is being made, and which one. */
  downloading: { orderId: string; kind: 'receipt' | 'form' } | null;
  busy: boolean;
  onReceipt: (orderId: string) => void;
  onForm: (orderId: string) => void;
}

/**
 * Every order this browser or account placed (issue 30): its state, what was charged, the receipt and the form
 * again, and a Premium order's interview code, so closing the confirmation tab loses nothing.
 */
export function OrdersList({ entries, downloading, busy, onReceipt, onForm }: Props) {
  const { t } = useTranslation(['account', 'commerce']);
  const { language } = useLanguage();
  const money = useMoney();
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  return (
    <section className={`${card} ${stack} ${css.section}`} aria-labelledby="orders-title" data-testid="dashboard-orders">
      <h2 id="orders-title" className={heading.section}>
        {t('dashboard.orders.title')}
      </h2>
      {entries.length === 0 ? (
        <p className={muted}>{t('dashboard.orders.empty')}</p>
      ) : (
        <ul className={css.list}>
          {entries.map((entry) => {
            if (entry.kind === 'groupPayment') return <GroupPaymentItem key={entry.id} entry={entry} />;
            const { order, to, portal, formWaiting, hasReceipt, hasFormPdf } = orderRow(entry.order);
            const titleId = `order-${order.id}-title`;
            const status = (ORDER_STATUSES as readonly string[]).includes(order.status) ? order.status : null;
            const making = downloading?.orderId === order.id ? downloading.kind : null;
            return (
              <li key={order.id} className={css.item} data-testid={`order-${order.id}`}>
                <div className={css.itemHead}>
                  <h3 id={titleId} className={css.itemTitle}>
                    {t('dashboard.orders.item', { service: order.service, product: t(`commerce:products.${order.product}`), number: order.number })}
                  </h3>
                  <span className={status ? css.status[STATUS_STYLE[status]] : css.status.unknown}>{status ? t(`dashboard.orderStatus.${status}`) : order.status}</span>
                </div>
                <dl className={css.meta}>
                  {order.traveller && (
                    <div>
                      <dt className={css.metaTerm}>{t('dashboard.orders.traveller')}</dt>
                      <dd className={css.metaValue}>{order.traveller}</dd>
                    </div>
                  )}
                  <div>
                    <dt className={css.metaTerm}>{t('dashboard.orders.date')}</dt>
                    <dd className={css.metaValue}>{date.format(new Date(order.paidAt ?? order.createdAt))}</dd>
                  </div>
                  <div>
                    <dt className={css.metaTerm}>{t(`dashboard.orders.amount.${entry.amount}`)}</dt>
                    <dd className={css.metaValue}>{money(order.price.total / 100, { cents: true })}</dd>
                  </div>
                  {order.receiptEmail && (
                    <div>
                      <dt className={css.metaTerm}>{t('dashboard.orders.receiptFor')}</dt>
                      <dd className={css.metaValue}>{order.receiptEmail}</dd>
                    </div>
                  )}
                  {order.accessCode && (
                    <div>
                      <dt className={css.metaTerm}>{t('dashboard.orders.code')}</dt>
                      <dd className={css.metaValue}>
                        <code data-testid={`order-code-${order.id}`}>{order.accessCode}</code>
                      </dd>
                    </div>
                  )}
                </dl>
                {formWaiting && <p className={muted}>{t('dashboard.orders.formWaiting')}</p>}
                <div className={css.actions}>
                  <Link to={to} className={button.secondary} aria-describedby={titleId}>
                    {t('dashboard.orders.view')}
                  </Link>
                  {hasReceipt && (
                    <button
                      type="button"
                      className={button.secondary}
                      aria-describedby={titleId}
                      aria-disabled={busy || undefined}
                      aria-busy={making === 'receipt' || undefined}
                      onClick={() => !busy && onReceipt(order.id)}
                      data-testid={`order-receipt-${order.id}`}
                    >
                      {making === 'receipt' ? t('commerce:confirmation.downloading.receipt') : t('dashboard.orders.receipt')}
                    </button>
                  )}
                  {hasFormPdf && (
                    <button
                      type="button"
                      className={button.secondary}
                      aria-describedby={titleId}
                      aria-disabled={busy || undefined}
                      aria-busy={making === 'form' || undefined}
                      onClick={() => !busy && onForm(order.id)}
                      data-testid={`order-form-${order.id}`}
                    >
                      {making === 'form' ? t('commerce:confirmation.downloading.form') : t('dashboard.orders.form')}
                    </button>
                  )}
                  {portal && (
                    <Link to={portal} className={button.secondary} aria-describedby={titleId}>
                      {t('dashboard.orders.portal')}
                    </Link>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {/* Says what a button is waiting for to a screen reader as well. */}
      <p className="visually-hidden" role="status" aria-live="polite">
        {downloading?.kind === 'receipt' ? t('commerce:confirmation.downloading.receipt') : downloading?.kind === 'form' ? t('commerce:confirmation.downloading.form') : ''}
      </p>
    </section>
  );
}

/**
 * A group's payment (issue 45 item 3): one attempt, one status and one amount, charged only when it went through,
 * with the travellers it was for; its confirmation has the receipt and each traveller's form.
 */
function GroupPaymentItem({ entry }: { entry: GroupEntry }) {
  const { t } = useTranslation(['account', 'commerce']);
  const { language } = useLanguage();
  const money = useMoney();
  const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
  const titleId = `group-order-${entry.id}-title`;
  const status = (ORDER_STATUSES as readonly string[]).includes(entry.status) ? (entry.status as (typeof ORDER_STATUSES)[number]) : null;
  return (
    <li className={css.item} data-testid={`group-order-${entry.id}`}>
      <div className={css.itemHead}>
        <h3 id={titleId} className={css.itemTitle}>
          {entry.number ? t('dashboard.orders.groupItem', { count: entry.lines.length, number: entry.number }) : t('dashboard.orders.groupItemUnnumbered', { count: entry.lines.length })}
        </h3>
        <span className={status ? css.status[STATUS_STYLE[status]] : css.status.unknown}>{status ? t(`dashboard.orderStatus.${status}`) : entry.status}</span>
      </div>
      <dl className={css.meta}>
        <div>
          <dt className={css.metaTerm}>{t('dashboard.orders.date')}</dt>
          <dd className={css.metaValue}>{date.format(new Date(entry.paidAt ?? entry.createdAt))}</dd>
        </div>
        <div>
          <dt className={css.metaTerm}>{t(`dashboard.orders.amount.${entry.amount}`)}</dt>
          <dd className={css.metaValue}>{money(entry.total / 100, { cents: true })}</dd>
        </div>
      </dl>
      <ul className={css.list} aria-label={t('dashboard.orders.travellers')}>
        {entry.lines.map((line) => (
          <li key={line.id} className={muted}>
            {t('dashboard.orders.line', {
              traveller: line.traveller || t('dashboard.orders.unnamed'),
              service: line.service,
              product: t(`commerce:products.${line.product}`),
            })}
          </li>
        ))}
      </ul>
      <div className={css.actions}>
        <Link to={entry.to} className={button.secondary} aria-describedby={titleId}>
          {t('dashboard.orders.view')}
        </Link>
      </div>
    </li>
  );
}
