import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { groupCheckoutView, type FlowActor, type groupCheckoutFlow } from '../../../machines/groupCheckout.view';
import { useMoney } from '../../app/money';
import { card, heading, muted, small, stack } from '../../styles/ui.css';
import * as css from './checkout.css';
import * as group from './groupCheckout.css';
import { GovernmentFees } from '../../components/PriceStory';

export type GroupCheckoutRef = FlowActor<typeof groupCheckoutFlow>;
type Line = ReturnType<typeof groupCheckoutView>['lines'][number];

/** The group's order: a line per traveller (a DS-160 traveller's package chosen here), the settled, the total. */
export function GroupLines({ flow }: { flow: GroupCheckoutRef }) {
  const { t } = useTranslation(['group', 'commerce']);
  const money = useMoney();
  const { quote, lines, services, busy } = useSelector(flow, groupCheckoutView, shallowEqual);
  if (!quote) return null;
  const cents = (value: number) => money(value / 100, { cents: true });

  return (
    <section className={`${card} ${stack}`} aria-labelledby="group-lines-title">
      <h2 id="group-lines-title" className={heading.section}>
        {t('checkout.lines', { count: quote.lines.length })}
      </h2>
      <ul className={group.lines}>
        {lines.map((line) => (
          <li key={line.leadId} className={group.line} data-testid="group-checkout-line">
            <div className={group.lineHead}>
              <span>
                <strong>{line.name || t('checkout.unnamed')}</strong>
                <span className={`${muted} ${small} ${group.block}`}>
                  {t(`relationship.${line.relationship}`)} · {t(`form.${line.service}`)}
                </span>
              </span>
              <strong className={group.price} data-testid="group-checkout-line-price">{cents(line.price.total)}</strong>
            </div>
            {line.choosesPackage && <PackageChoice line={line} busy={busy} onSelect={(product) => flow.send({ type: 'LINE.SELECT', line: line.index, product })} />}
          </li>
        ))}
      </ul>
      {quote.settled.length > 0 && (
        <div data-testid="group-checkout-settled">
          <h3 className={heading.section}>{t('checkout.settled.title')}</h3>
          <p className={`${muted} ${small}`}>{t('checkout.settled.hint')}</p>
          <ul className={group.settled}>
            {quote.settled.map((s) => (
              <li key={s.leadId}>{s.name || t('checkout.unnamed')}</li>
            ))}
          </ul>
        </div>
      )}
      <dl className={group.totals} data-testid="group-checkout-total">
        <div className={group.total}>
          <dt>{t('checkout.summary.services', { count: quote.lines.length })}</dt>
          <dd>{cents(services)}</dd>
        </div>
        <div className={group.total}>
          <dt>{t('checkout.summary.processing')}</dt>
          <dd>{cents(quote.price.processingFee)}</dd>
        </div>
        <div className={`${group.total} ${group.charged}`}>
          <dt>{t('checkout.summary.total')}</dt>
          <dd data-testid="group-checkout-charged">{cents(quote.price.total)}</dd>
        </div>
      </dl>
      <p className={`${muted} ${small}`}>{t('checkout.summary.government', { amount: cents(quote.price.governmentFee) })}</p>
      <GovernmentFees fees={quote.price.governmentFees} product="group" />
    </section>
  );
}

function PackageChoice({ line, busy, onSelect }: { line: Line; busy: boolean; onSelect: (product: Line['product']) => void }) {
  const { t } = useTranslation(['group', 'commerce']);
  const money = useMoney();
  const legend = `group-package-${line.leadId}`;
  return (
    <fieldset className={css.options} role="radiogroup" aria-labelledby={legend}>
      <legend id={legend} className={small}>
        {t('checkout.package', { name: line.name || t('checkout.unnamed') })}
      </legend>
      {line.options.map((o) => {
        const id = `${legend}-${o.product}`;
        return (
          <label key={o.product} className={css.option} htmlFor={id}>
            <input
              id={id}
              type="radio"
              name={legend}
              className={css.optionRadio}
              value={o.product}
              checked={o.product === line.product}
              disabled={busy || !o.available}
              onChange={() => onSelect(o.product)}
            />
            <span className={css.optionBody}>
              <span className={css.optionHead}>
                <span>{t(`commerce:products.${o.product}`)}</span>
                <span>{money(o.charge / 100, { cents: true })}</span>
              </span>
              <span className={`${muted} ${small}`}>{t(`commerce:checkout.plan.describe.${o.product}`)}</span>
              {!o.available && <span className={small}>{t('commerce:checkout.plan.owned')}</span>}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
