import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../../machines/domain/routes';
import { toIsoDate } from '../../../machines/domain/validators';
import { groupCheckoutMachine, type GroupCheckoutInput } from '../../../machines/groupCheckout.machine';
import { guardiansMissing } from '../../../machines/groupCheckout.view';
import { makeGroupCheckoutActors } from '../../api/actors/groupCheckout';
import { fetchTransport } from '../../api/transport';
import { useToastActor } from '../../app/AppContext';
import { useMoney } from '../../app/money';
import { useSiteData } from '../../app/siteData';
import { useLegacyFlow } from '../../app/useLegacyFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { Spinner } from '../../components/Spinner';
import { button, card, container, heading, muted, notice, page, row, stack } from '../../styles/ui.css';
import { CardForm, focusFirstError } from './CardForm';
import * as css from './checkout.css';
import { GroupLines, type GroupCheckoutRef } from './GroupLines';
import { paymentFailureKey, paymentToasts } from './paymentToasts';

const base = groupCheckoutMachine.provide({ actors: makeGroupCheckoutActors(fetchTransport) });

/** Where the leader goes back to: the dashboard, where the group is one card with its travellers. */
const BACK = ROUTES.dashboard;

/**
 * /checkout?group=<id> (issue 36): the group's one checkout. A line per traveller with something to pay, those
 * already paid listed as settled, the total with the processing fee once, the card form and one Pay.
 */
export function GroupCheckout({ groupId }: { groupId: string }) {
  const { t } = useTranslation(['group', 'commerce']);
  const { branding } = useSiteData();
  usePageMeta('checkout', branding.brandName);
  const toasts = useToastActor();
  const machine = useMemo(
    () =>
      base.provide({
        actions: {
          ...paymentToasts(toasts),
          announceRequoteFailed: () =>
            toasts.send({ type: 'TOAST.SHOW', toast: { title: 'group:checkout.requoteFailed.title', description: 'group:checkout.requoteFailed.description', variant: 'destructive' } }),
          announceQuoteChanged: (_, { code }) => {
            const key = code === 'purchase_in_progress' ? 'inProgress' : code === 'guardian_missing' ? 'guardianRemoved' : 'changed';
            toasts.send({ type: 'TOAST.SHOW', toast: { title: `group:checkout.${key}.title`, description: `group:checkout.${key}.description` } });
          },
        },
      }),
    [toasts],
  );
  const input: GroupCheckoutInput = useMemo(() => ({ groupId, today: toIsoDate(new Date()) }), [groupId]);
  const flow = useLegacyFlow(machine, input);
  const state = useSelector(flow, (s) => (s.matches('loading') ? 'loading' : s.matches('quoteFailed') ? 'failed' : s.matches('nothingToPay') ? 'nothing' : 'ready'));

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
            <Link to={BACK} className={state === 'failed' ? button.secondary : button.primary}>
              {t('checkout.back')}
            </Link>
          </div>
        </section>
      </div>
    );
  }
  return <GroupPayment flow={flow} />;
}

function GroupPayment({ flow }: { flow: GroupCheckoutRef }) {
  const { t } = useTranslation(['group', 'commerce']);
  const money = useMoney();
  const quote = useSelector(flow, (s) => s.context.quote);
  const details = useSelector(flow, (s) => s.context.details);
  const email = useSelector(flow, (s) => s.context.email);
  const errors = useSelector(flow, (s) => s.context.errors);
  const paying = useSelector(flow, (s) => s.matches({ ready: 'paying' }) || s.status === 'done');
  const busy = useSelector(flow, (s) => s.hasTag('busy') || s.status === 'done');
  const outcome = useSelector(flow, (s) => (s.matches({ ready: 'declined' }) ? 'declined' : s.matches({ ready: 'failed' }) ? 'failed' : null));
  const reason = useSelector(flow, (s) => s.context.failure);
  if (!quote) return null;
  const minors = guardiansMissing({ quote });

  const pay = () => {
    flow.send({ type: 'PAY' });
    const after = flow.getSnapshot();
    if (after.matches({ ready: 'editing' })) focusFirstError(after.context.errors);
  };
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
            onPay={pay}
            blockedBy={minors.length > 0 ? 'group-guardian-missing' : undefined}
          >
            {minors.length > 0 && <GuardiansMissing minors={minors} />}
            {outcome && (
              <div role="alert" className={notice.warning} data-testid={`group-payment-${outcome}`}>
                <p>{t(outcome === 'declined' ? 'checkout.declined' : 'checkout.notPaid')}</p>
                {reason && <p>{t(paymentFailureKey(reason))}</p>}
              </div>
            )}
          </CardForm>
          <Link to={BACK}>{t('checkout.back')}</Link>
        </section>
      </div>
    </div>
  );
}

/** Why Pay waits: each minor without a parent or guardian, named, with their form's page where the group panel sets one. */
function GuardiansMissing({ minors }: { minors: ReturnType<typeof guardiansMissing> }) {
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
