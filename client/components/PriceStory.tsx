import { useTranslation } from 'react-i18next';
import type { FeeLineDto } from '../../openapi/schemas/governmentFees';
import type { PriceDto, ServiceValue } from '../../openapi/schemas/orders';
import { useFormat } from '../app/format';
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
      <GovernmentFees fees={price.governmentFees} product={product} compact />
    </div>
  );
}

/** 'https://www.federalregister.gov/d/2025-16453' → 'federalregister.gov': what a reader recognises of a source. */
const siteOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/** The same fee owed by several travellers (a group's total) is told once, with how many. */
function grouped(fees: readonly FeeLineDto[]): Array<{ fee: FeeLineDto; count: number }> {
  const same = new Map<string, { fee: FeeLineDto; count: number }>();
  for (const fee of fees) {
    const key = [fee.code, fee.subject, fee.amountCents, fee.effectiveFrom, fee.sourceUrl].join('|');
    same.set(key, { fee, count: (same.get(key)?.count ?? 0) + 1 });
  }
  return [...same.values()];
}

/**
 * Each government fee of a price as the server states it (issue 44): its name (the ESTA's, or a visa class's), its
 * amount and the official text that sets it, linked; the long form adds when and how the applicant pays it, since
 * when it is in force and whether it comes back. Nothing here is worked out: the lines are the server's.
 */
export function GovernmentFees({ fees, product, compact = false }: { fees: readonly FeeLineDto[]; product: string; compact?: boolean }) {
  const { t } = useTranslation();
  const cents = useCents();
  const format = useFormat();
  if (!fees.length) return null;
  return (
    <ul className={compact ? css.sourcesCompact : css.sources} data-testid={`government-fees-${product}`}>
      {grouped(fees).map(({ fee, count }) => {
        const name = t(`fees.name.${fee.code}`, { class: fee.subject });
        const site = siteOf(fee.sourceUrl);
        return (
          <li key={[fee.code, fee.subject, fee.amountCents, fee.sourceUrl].join('|')} data-fee={fee.code} data-subject={fee.subject}>
            <span>{t('fees.line', { fee: count > 1 ? t('fees.count', { fee: name, count }) : name, amount: cents(fee.amountCents * count) })}</span>{' '}
            {!compact && (
              <span className={css.separate}>
                {t(`fees.paidAt.${fee.paidAt}`)}
                {fee.refundable ? ` ${t('fees.refundable')}` : ''}
                {fee.effectiveFrom ? ` ${t('fees.since', { date: format.date(fee.effectiveFrom) })}` : ''}
              </span>
            )}
            <a href={fee.sourceUrl} target="_blank" rel="noopener noreferrer" aria-label={t('fees.sourceLabel', { site })} className={css.source}>
              {t('fees.source', { site })}
            </a>
          </li>
        );
      })}
    </ul>
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
      {price.governmentFees.length > 0 && (
        <div className={css.line}>
          <dt className="visually-hidden">{t('fees.title')}</dt>
          <dd className={css.term}>
            <GovernmentFees fees={price.governmentFees} product={product} />
          </dd>
        </div>
      )}
      <div className={css.totalLine}>
        <dt className={css.term}>{t('price.total')}</dt>
        <dd className={css.value} data-price-total={product}>
          {cents(price.outOfPocket)}
        </dd>
      </div>
    </dl>
  );
}
