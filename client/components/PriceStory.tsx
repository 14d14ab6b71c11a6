import { useTranslation } from 'react-i18next';
import type { PriceDto, ServiceValue } from '../../openapi/schemas/orders';
import { useMoney } from '../app/money';
import * as css from './priceStory.css';

/** Which product a price is, for tests and the e2e check that every screen tells one story. */
export type PricedProduct = 'basic' | 'pro' | 'premium' | 'esta' | 'completion';

interface Props {
  price: PriceDto;
  service: ServiceValue;
  product: PricedProduct;
  /** A DS-160's packages start at Basic: "from" before the total. */
  from?: boolean;
}

/** Cents as every price is written: with its cents, in the interface language. */
function useCents() {
  const money = useMoney();
  return (cents: number) => money(cents / 100, { cents: true });
}

/**
 * One price story (docs/DECISIONS.md "Visa rules and prices"): our service fee, the processing fee and the government
 * fee paid to the U.S. government, and the total as their sum. Every number is the server's; nothing is added up
 * here. The short form (cards, the landing page) leads with the total; the long one lists the lines.
 */
export function PriceHeadline({ price, service, product, from = false }: Props) {
  const { t } = useTranslation();
  const cents = useCents();
  const total = cents(price.outOfPocket);
  return (
    <div>
      <p className={css.headline}>
        <span className={css.amount} data-price-total={product}>
          {from ? t('price.from', { price: total }) : total}
        </span>
        <span>{t('price.totalShort')}</span>
      </p>
      <p className={css.parts}>
        {t('price.parts', { service: cents(price.serviceFee), processing: cents(price.processingFee), government: cents(price.governmentFee), form: service })}
      </p>
    </div>
  );
}

export function PriceLines({ price, service, product, charged }: Props & { charged?: 'today' | 'paid' }) {
  const { t } = useTranslation();
  const cents = useCents();
  return (
    <dl className={css.lines} data-testid={`price-${product}`}>
      <div className={css.line}>
        <dt className={css.term}>{t('price.serviceFee')}</dt>
        <dd className={css.value}>{cents(price.serviceFee)}</dd>
      </div>
      {price.credit > 0 && (
        <div className={css.line}>
          <dt className={css.term}>{t('price.credit')}</dt>
          <dd className={css.value}>−{cents(price.credit)}</dd>
        </div>
      )}
      <div className={css.line}>
        <dt className={css.term}>{t('price.processingFee')}</dt>
        <dd className={css.value}>{cents(price.processingFee)}</dd>
      </div>
      {charged && (
        <div className={css.line}>
          <dt className={css.term}>
            <strong>{t(charged === 'today' ? 'price.chargedToday' : 'price.chargedPaid')}</strong>
          </dt>
          <dd className={css.value} data-testid="price-charged">
            {cents(price.total)}
          </dd>
        </div>
      )}
      <div className={css.line}>
        <dt className={css.term}>
          {t('price.governmentFee', { form: service })}
          <span className={css.separate}>{t('price.governmentSeparate')}</span>
        </dt>
        <dd className={css.value}>{cents(price.governmentFee)}</dd>
      </div>
      <div className={css.totalLine}>
        <dt className={css.term}>{t('price.total')}</dt>
        <dd className={css.value} data-price-total={product}>
          {cents(price.outOfPocket)}
        </dd>
      </div>
    </dl>
  );
}
