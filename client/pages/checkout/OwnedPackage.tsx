import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { checkoutView, type checkoutFlow, type FlowActor } from '../../../machines/checkout.view';
import { Link } from '../../app/Link';
import { useMoney } from '../../app/money';
import { button, card, container, heading, muted, notice, page, row, stack } from '../../styles/ui.css';
import * as css from './checkout.css';

export type CheckoutRef = FlowActor<typeof checkoutFlow>;

/**
 * Back after paying, a second tab, an old link: the application already has what the link sells. The page shows
 * the paid order and what else can be bought (an upgrade, charged the difference), and buying the same package
 * again only for another traveller, as an explicit choice. Never a fresh payment form for what is paid.
 */
export function OwnedPackage({ flow }: { flow: CheckoutRef }) {
  const { t } = useTranslation('commerce');
  const money = useMoney();
  const { quote, owned, upgrades } = useSelector(flow, checkoutView, shallowEqual);
  if (!quote || !owned) return null;
  const product = t(`products.${owned.product}`);
  return (
    <div className={`${container} ${page} ${stack}`}>
      <h1 className={heading.page}>{t('checkout.title')}</h1>
      <section className={`${card} ${stack}`} aria-labelledby="owned-title" data-testid="checkout-owned">
        <h2 id="owned-title" className={heading.section}>
          {quote.lead?.name ? t('checkout.owned.titleFor', { product, name: quote.lead.name }) : t('checkout.owned.title', { product })}
        </h2>
        <p className={notice.success}>
          {t('checkout.owned.body', { number: owned.number })} <strong data-testid="owned-order-number">{owned.number}</strong>
        </p>
        <div className={row}>
          <Link to={owned.to} className={button.primary} data-testid="owned-order-link">
            {t('checkout.owned.view')}
          </Link>
          <Link route="dashboard" className={button.secondary}>
            {t('checkout.owned.dashboard')}
          </Link>
        </div>

        {upgrades.length > 0 && (
          <div className={stack}>
            <h3 className={heading.section}>{t('checkout.owned.upgrades')}</h3>
            <ul className={css.upgrades}>
              {upgrades.map((option) => (
                <li key={option.product} className={css.upgrade}>
                  <span>
                    <strong>{t(`products.${option.product}`)}</strong>
                    <br />
                    <span className={muted}>{t(`checkout.plan.describe.${option.product}`)}</span>
                  </span>
                  <button
                    type="button"
                    className={button.secondary}
                    data-testid={`upgrade-${option.product}`}
                    onClick={() => flow.send({ type: 'PLAN.SELECT', product: option.product })}
                  >
                    {t('checkout.owned.upgrade', { product: t(`products.${option.product}`), amount: money(option.price.total / 100, { cents: true }) })}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}

        <div className={stack}>
          <h3 className={heading.section}>{t('checkout.owned.anotherTitle')}</h3>
          <p className={muted}>{t('checkout.owned.anotherBody')}</p>
          <div>
            <button type="button" className={button.ghost} data-testid="another-traveller" onClick={() => flow.send({ type: 'ANOTHER_TRAVELLER' })}>
              {t('checkout.owned.another', { product })}
            </button>
          </div>
        </div>
      </section>
    </div>
  );
}
