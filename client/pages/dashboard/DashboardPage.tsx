import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { applicationRow, dashboardFlow, dashboardView } from '../../../machines/dashboard.view';
import type { ApplicationDto } from '../../../openapi/schemas/applications';
import { useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/Spinner';
import { button, card, container, grid, heading, muted, page, stack } from '../../styles/ui.css';
import { AnswersList, DetailsPanel } from './ApplicationDetails';
import { ApplicationItem } from './ApplicationItem';
import { GroupCard } from './GroupCard';
import * as css from './dashboard.css';
import { MyDataCard } from './MyDataCard';
import { OrdersList } from './OrdersList';
import { NextSteps } from '../../components/NextSteps';
import { ProfilePanel, SettingsPanel } from './panels';

/**
 * /dashboard (spec 1-core §2.8): the applications and orders from the server. Who may see it is the flow's: it waits
 * for the session and sends nobody signed in to /login.
 */
/** An erased application leaves the lists: read them again (the dashboard's machine loads them as it starts). */
const reloadAfterErasure = () => window.location.reload();

export default function DashboardPage() {
  const { t } = useTranslation(['account', 'common']);
  const { t: tc } = useTranslation(['commerce', 'group']);
  usePageMeta('dashboard');
  const ref = useFlow(dashboardFlow);
  const view = useSelector(ref, dashboardView, shallowEqual);
  const { screen: state, applications, cards, downloading, viewed, answers, continuing, panel, busy, canOpenPanels, canStart, canLogOut } = view;
  const send = ref.send;
  const close = () => ref.send({ type: 'CLOSE' });

  if (view.waiting) return <Spinner label={t('dashboard.loading')} />;

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
                {view.inProgress}
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
                      row={applicationRow(application)}
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

          {view.nextSteps.length > 0 && (
            <section className={`${card} ${stack} ${css.section}`} aria-labelledby="next-title" data-testid="dashboard-next">
              <h2 id="next-title" className={heading.section}>
                {tc('confirmation.next')}
              </h2>
              <NextSteps steps={view.nextSteps.map(({ name, step }) => ({ name: name || tc('group:checkout.unnamed'), step }))} />
            </section>
          )}

          <OrdersList
            entries={view.orderEntries}
            downloading={downloading}
            busy={busy}
            onReceipt={(orderId) => send({ type: 'DOWNLOAD.RECEIPT', orderId })}
            onForm={(orderId) => send({ type: 'DOWNLOAD.FORM', orderId })}
          />

          <MyDataCard applications={applications} onErased={reloadAfterErasure} />
        </>
      )}

      <Dialog open={panel !== null} labelledBy="panel-title" onClose={close} startAtTitle testId="dashboard-panel">
        <div className={stack}>
        {panel === 'profile' && <ProfilePanel />}
        {panel === 'settings' && <SettingsPanel />}
        {panel === 'viewing' && viewed && (
          <>
            <DetailsPanel row={applicationRow(viewed)} />
            <AnswersList application={viewed} answers={answers} onRetry={() => ref.send({ type: 'RETRY' })} />
          </>
        )}
        {/* However long the answers run, Close stays on screen (issue 45 item 13). */}
        <div className={css.closeBar}>
          <button type="button" className={button.primary} onClick={close} data-testid="panel-close">
            {t('dashboard.close')}
          </button>
        </div>
        </div>
      </Dialog>
    </div>
  );
}

