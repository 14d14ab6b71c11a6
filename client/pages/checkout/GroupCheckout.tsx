import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { backToPanel, groupCheckoutFlow, groupCheckoutView } from '../../../machines/groupCheckout.view';
import { Link } from '../../app/Link';
import { useMoney } from '../../app/money';
import { useSiteData } from '../../app/siteData';
import { useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { Spinner } from '../../components/Spinner';
import { button, card, container, heading, muted, notice, page, row, stack } from '../../styles/ui.css';
import { CardForm } from './CardForm';
import * as css from './checkout.css';
import { GroupLines, type GroupCheckoutRef } from './GroupLines';

/**
 * /checkout?group=<id> (issue 36): the group's one checkout. A line per traveller with something to pay, those
 * already paid listed as settled, the total with the processing fee once, the card form and one Pay.
 */
export function GroupCheckout() {
  const { t } = useTranslation(['group', 'commerce']);
  const { branding } = useSiteData();
  usePageMeta('checkout', branding.brandName);
  const flow = useFlow(groupCheckoutFlow);
  const state = useSelector(flow, (s) => groupCheckoutView(s).screen);
  const back = useSelector(flow, backToPanel);

  if (state === 'loading') return <Spinner label={t('checkout.loading')} />;
  if (state === 'failed' || state === 'nothing') {
    return (
      <div className={`${container} ${page}`}>
        <section className={`${card} ${stack}`} aria-labelledby="group-checkout-title" data-testid={`group-checkout-${state}`}>
          <h1 id="group-checkout-title" className={heading.page}>
            {t(state === 'failed' ? 'checkout.title' : 'checkout.nothing.title')}
          </h1>
          <p role={state === 'failed' ? 'alert' : undefined}>{t(state === 'failed' ? 'checkout.failed' : 'checkout.nothing.body')}</p>
          <div className={row}>
            {state === 'failed' && (
              <button type="button" className={button.primary} onClick={() => flow.send({ type: 'RETRY' })}>
                {t('commerce:retry')}
              </button>
            )}
            {/* Back to the dashboard, where the group is one card with its travellers (a guest: the group's panel). */}
            <Link to={back} className={state === 'failed' ? button.secondary : button.primary} data-testid="group-back">
              {t('checkout.back')}
            </Link>
          </div>
        </section>
      </div>
    );
  }
  return <GroupPayment flow={flow} back={back} />;
}

function GroupPayment({ flow, back }: { flow: GroupCheckoutRef; back: string }) {
  const { t } = useTranslation(['group', 'commerce']);
  const money = useMoney();
  const { quote, details, email, errors, paying, busy, outcome, reasonKey, minors } = useSelector(flow, groupCheckoutView, shallowEqual);
  if (!quote) return null;
  const total = money(quote.price.total / 100, { cents: true });

  return (
    <div className={`${container} ${page} ${stack}`} data-testid="group-checkout">
      <div>
        <h1 className={heading.page}>{t('checkout.title')}</h1>
        <p className={muted}>{t('checkout.lead')}</p>
      </div>
      <div className={css.layout}>
        <GroupLines flow={flow} />
        <section className={`${card} ${stack}`} aria-labelledby="payment-title">
          <CardForm
            email={email}
            details={details}
            errors={errors}
            busy={busy}
            paying={paying}
            payLabel={t('commerce:checkout.pay', { amount: total })}
            onChange={(field, value) => flow.send({ type: 'FIELD.CHANGE', field, value })}
            onPay={() => flow.send({ type: 'PAY' })}
            blockedBy={minors.length > 0 ? 'group-guardian-missing' : undefined}
          >
            {minors.length > 0 && <GuardiansMissing minors={minors} />}
            {outcome && (
              <div role="alert" className={notice.warning} data-testid={`group-payment-${outcome}`}>
                <p>{t(outcome === 'declined' ? 'checkout.declined' : 'checkout.notPaid')}</p>
                {reasonKey && <p>{t(reasonKey)}</p>}
              </div>
            )}
          </CardForm>
          <Link to={back} data-testid="group-back">
            {t('checkout.back')}
          </Link>
        </section>
      </div>
    </div>
  );
}

/** Why Pay waits: each minor without a parent or guardian, named, with their form's page where the group panel sets one. */
function GuardiansMissing({ minors }: { minors: ReturnType<typeof groupCheckoutView>['minors'] }) {
  const { t, i18n } = useTranslation('group');
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(minors.map((m) => m.name || t('checkout.unnamed')));
  return (
    <div role="status" className={notice.warning} data-testid="group-guardian-missing">
      <p id="group-guardian-missing">{t('checkout.guardian.missing', { names })}</p>
      <ul className={stack}>
        {minors.map((m) => (
          <li key={m.leadId}>
            <Link to={m.to} data-testid="group-guardian-link">
              {t('checkout.guardian.add', { name: m.name || t('checkout.unnamed') })}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
