import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { applicationCards, dashboardMachine, inProgressCount } from '../../../machines/dashboard.machine';
import { ROUTES } from '../../../machines/domain/routes';
import type { ApplicationDto } from '../../../openapi/schemas/applications';
import { makeDashboardActors } from '../../api/actors/dashboard';
import { fetchTransport } from '../../api/transport';
import { useSession, useToastActor } from '../../app/AppContext';
import { saveFile } from '../../app/saveFile';
import { useLegacyFlow } from '../../app/useLegacyFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { startWizardWith } from '../../app/wizard/storedProgress';
import { Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/Spinner';
import { button, card, container, grid, heading, muted, page, stack } from '../../styles/ui.css';
import { AnswersList, DetailsPanel } from './ApplicationDetails';
import { ApplicationItem } from './ApplicationItem';
import { GroupCard } from './GroupCard';
import * as css from './dashboard.css';
import { OrdersList } from './OrdersList';
import { ProfilePanel, SettingsPanel } from './panels';

const withActors = dashboardMachine.provide({
  actors: makeDashboardActors(fetchTransport),
  actions: {
    // The wizard opens, on any device, with the server's answers and where the machine says they stop.
    resume: (_, { catalogId, leadId, answers, currentId }) => startWizardWith(catalogId, answers, { leadId, currentId }),
    saveFile: (_, { file }) => saveFile(file),
  },
});

type Panel = 'profile' | 'settings' | 'viewing' | null;

/**
 * Nobody signed in goes to /login (spec 1-core §2.8) as soon as the session is known, without asking the server
 * for a list it would refuse: a first visit signed out is a state, not a 401 in the console (issue 34).
 */
export default function DashboardPage() {
  const { t } = useTranslation('account');
  const { account, checking } = useSession();
  // Once open, the dashboard stays until its own flow leaves: Logout ends the session and goes home, not to /login.
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (account) setOpened(true);
  }, [account]);
  if (opened || account) return <Dashboard />;
  if (checking) return <Spinner label={t('dashboard.loading')} />;
  return <Navigate to={ROUTES.login} replace />;
}

function Dashboard() {
  const { t } = useTranslation(['account', 'common']);
  usePageMeta('dashboard');
  const toasts = useToastActor();
  const { signOut } = useSession();
  const signOutRef = useRef(signOut);
  signOutRef.current = signOut;
  const machine = useMemo(
    () =>
      withActors.provide({
        actions: {
          // The session actor ends the session on the server and says 'Logged Out' (spec 1-core §2.8).
          signOut: () => signOutRef.current(),
          announceContinueFailed: () =>
            toasts.send({
              type: 'TOAST.SHOW',
              toast: { title: 'account:toast.continueFailed.title', description: 'account:toast.continueFailed.description', variant: 'destructive' },
            }),
          announceReceiptFailed: (_, { number }) =>
            toasts.send({
              type: 'TOAST.SHOW',
              toast: { title: 'commerce:toast.receiptFailed.title', description: 'commerce:toast.receiptFailed.description', params: { number }, variant: 'destructive' },
            }),
          announceFormFailed: (_, { number }) =>
            toasts.send({
              type: 'TOAST.SHOW',
              toast: { title: 'commerce:toast.formFailed.title', description: 'commerce:toast.formFailed.description', params: { number }, variant: 'destructive' },
            }),
        },
      }),
    [toasts],
  );
  const ref = useLegacyFlow(machine, undefined);

  const state = useSelector(ref, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('ready') ? 'ready' : 'leaving'));
  const applications = useSelector(ref, (s) => s.context.applications);
  const groupPayments = useSelector(ref, (s) => s.context.groupPayments);
  const cards = useMemo(() => applicationCards(applications, groupPayments), [applications, groupPayments]);
  const orders = useSelector(ref, (s) => s.context.orders);
  const downloading = useSelector(ref, (s) =>
    s.matches({ ready: 'receipt' }) ? { orderId: s.context.downloading as string, kind: 'receipt' as const } : s.matches({ ready: 'form' }) ? { orderId: s.context.downloading as string, kind: 'form' as const } : null,
  );
  const viewing = useSelector(ref, (s) => s.context.viewing);
  const continuing = useSelector(ref, (s) => (s.matches({ ready: 'continuing' }) ? s.context.continuing : null));
  const panel = useSelector(ref, (s): Panel =>
    s.matches({ ready: 'profile' }) ? 'profile' : s.matches({ ready: 'settings' }) ? 'settings' : s.matches({ ready: 'viewing' }) ? 'viewing' : null,
  );
  // While an application opens or a PDF is made the machine refuses anything else; the buttons say so
  // (aria-disabled keeps focus), and a click the machine refuses does nothing.
  const busy = useSelector(ref, (s) => s.hasTag('busy'));
  const canOpenPanels = useSelector(ref, (s) => s.can({ type: 'PROFILE' }));
  const canStart = useSelector(ref, (s) => s.can({ type: 'NEW' }));
  const canLogOut = useSelector(ref, (s) => s.can({ type: 'LOGOUT' }));
  const send = ref.send;
  const close = () => ref.send({ type: 'CLOSE' });
  const viewed = applications.find((a) => a.id === viewing);
  const answers = useSelector(ref, (s) =>
    s.matches({ ready: { viewing: 'shown' } }) ? { state: 'shown' as const, values: s.context.viewedAnswers ?? {} } : s.matches({ ready: { viewing: 'failed' } }) ? { state: 'failed' as const, values: {} } : { state: 'loading' as const, values: {} },
  );

  return (
    <div className={`${container} ${page}`}>
      <div className={css.pageHead}>
        <div>
          <h1 className={heading.page}>{t('dashboard.title')}</h1>
          <p className={muted}>{t('dashboard.subtitle')}</p>
        </div>
        <div className={css.actions}>
          <button
            type="button"
            className={button.secondary}
            aria-disabled={!canOpenPanels || undefined}
            onClick={() => send({ type: 'PROFILE' })}
          >
            {t('dashboard.profile')}
          </button>
          <button
            type="button"
            className={button.secondary}
            aria-disabled={!canOpenPanels || undefined}
            onClick={() => send({ type: 'SETTINGS' })}
          >
            {t('dashboard.settings')}
          </button>
          <button type="button" className={button.secondary} aria-disabled={!canLogOut || undefined} onClick={() => send({ type: 'LOGOUT' })} data-testid="logout">
            {t('dashboard.logout')}
          </button>
        </div>
      </div>

      {state === 'loading' && <Spinner label={t('dashboard.loading')} />}

      {state === 'failed' && (
        <div role="alert" className={`${card} ${stack}`}>
          <p>{t('dashboard.failed')}</p>
          <div>
            <button type="button" className={button.secondary} onClick={() => ref.send({ type: 'RETRY' })}>
              {t('dashboard.retry')}
            </button>
          </div>
        </div>
      )}

      {state === 'ready' && (
        <>
          {busy && <Spinner label={t('dashboard.continuing')} />}

          <div className={grid}>
            <div className={`${card} ${css.statCard}`}>
              <p className={css.statLabel}>{t('dashboard.cards.start.title')}</p>
              <p className={muted}>{t('dashboard.cards.start.body')}</p>
              <div>
                <button type="button" className={button.primary} aria-disabled={!canStart || undefined} onClick={() => send({ type: 'NEW' })}>
                  {t('dashboard.cards.start.action')}
                </button>
              </div>
            </div>
            <div className={`${card} ${css.statCard}`}>
              <p className={css.statLabel}>
                {t('dashboard.cards.applications')}
              </p>
              <p className={css.statValue} data-testid="applications-count">
                {applications.length}
              </p>
            </div>
            <div className={`${card} ${css.statCard}`}>
              <p className={css.statLabel}>
                {t('dashboard.cards.inProgress')}
              </p>
              <p className={css.statValue} data-testid="in-progress-count">
                {inProgressCount(applications)}
              </p>
            </div>
          </div>

          <section className={`${card} ${stack} ${css.section}`} aria-labelledby="applications-title">
            <div className={css.itemHead}>
              <h2 id="applications-title" className={heading.section}>
                {t('dashboard.list.title')}
              </h2>
              <button type="button" className={button.secondary} aria-disabled={!canStart || undefined} onClick={() => send({ type: 'NEW' })}>
                {t('dashboard.list.new')}
              </button>
            </div>
            {applications.length === 0 ? (
              <div className={stack}>
                <p>
                  <strong>{t('dashboard.list.empty')}</strong>
                </p>
                <p className={muted}>{t('dashboard.list.emptyBody')}</p>
              </div>
            ) : (
              <ul className={css.list}>
                {cards.map((entry) => {
                  const item = (application: ApplicationDto) => (
                    <ApplicationItem
                      key={application.id}
                      application={application}
                      busy={busy}
                      continuing={continuing === application.id}
                      onView={() => send({ type: 'VIEW', id: application.id })}
                      onContinue={() => send({ type: 'CONTINUE', id: application.id })}
                      onAddTraveller={() => send({ type: 'ADD_TRAVELLER', id: application.id })}
                    />
                  );
                  if (entry.kind === 'single') return item(entry.application);
                  return <GroupCard key={entry.id} card={entry} item={item} />;
                })}
              </ul>
            )}
          </section>

          <OrdersList
            orders={orders}
            downloading={downloading}
            busy={busy}
            onReceipt={(orderId) => send({ type: 'DOWNLOAD.RECEIPT', orderId })}
            onForm={(orderId) => send({ type: 'DOWNLOAD.FORM', orderId })}
          />
        </>
      )}

      <Dialog open={panel !== null} labelledBy="panel-title" onClose={close}>
        <div className={stack}>
        {panel === 'profile' && <ProfilePanel />}
        {panel === 'settings' && <SettingsPanel />}
        {panel === 'viewing' && viewed && (
          <>
            <DetailsPanel application={viewed} />
            <AnswersList application={viewed} answers={answers} onRetry={() => ref.send({ type: 'RETRY' })} />
          </>
        )}
        <div>
          <button type="button" className={button.primary} onClick={close}>
            {t('dashboard.close')}
          </button>
        </div>
        </div>
      </Dialog>
    </div>
  );
}

