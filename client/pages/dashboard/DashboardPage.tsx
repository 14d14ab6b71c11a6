import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { canContinue, dashboardMachine, inProgressCount } from '../../../machines/dashboard.machine';
import { describeAnswers, type DescribedAnswer } from '../../../machines/domain/answers';
import { ds160Catalog, estaCatalog, preassessmentCatalog } from '../../../machines/domain/catalogs';
import { LANGUAGES, isLanguage } from '../../../machines/domain/language';
import { ROUTES } from '../../../machines/domain/routes';
import { firstUnanswered } from '../../../machines/domain/wizardProgress';
import type { ApplicationDto } from '../../../openapi/schemas/applications';
import { makeDashboardActors } from '../../api/actors/dashboard';
import { fetchTransport } from '../../api/transport';
import { useAnswerFormat } from '../../app/answerFormat';
import { useLanguage, useSession, useToastActor } from '../../app/AppContext';
import { saveFile } from '../../app/saveFile';
import { writeStorage } from '../../app/storage';
import { useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { Spinner } from '../../components/Spinner';
import { button, card, container, grid, heading, label, muted, page, stack } from '../../styles/ui.css';
import * as css from './dashboard.css';
import { OrdersList } from './OrdersList';

const CATALOGS = { ds160: ds160Catalog, esta: estaCatalog, preassessment: preassessmentCatalog } as const;

const withActors = dashboardMachine.provide({
  actors: makeDashboardActors(fetchTransport),
  actions: {
    // Where the question wizard restores its progress from (client/app/wizard/useQuestionWizard.ts): the answers
    // as the server holds them, already synced, so the wizard opens on the first unanswered question.
    // The wizard opens where the answers stop, as on the device they were given on.
    resume: (_, { catalogId, leadId, answers }) =>
      writeStorage(
        'local',
        `rumbo-wizard-${catalogId}`,
        JSON.stringify({ answers, currentId: firstUnanswered({ catalog: CATALOGS[catalogId], answers }) ?? null, leadId, synced: answers }),
      ),
    saveFile: (_, { file }) => saveFile(file),
  },
});

const STATUSES = ['draft', 'in-progress', 'submitted', 'approved', 'rejected'] as const;
const TYPE_KEYS: Record<string, string> = {
  'DS-160': 'dashboard.types.ds160',
  ESTA: 'dashboard.types.esta',
  'PRE-ASSESSMENT': 'dashboard.types.preassessment',
};
const PAYMENT_STATUSES = ['paid', 'unpaid', 'pending'];
const PLANS = ['basic', 'pro', 'premium', 'esta', 'completion', 'none'];
const ORDER_STATUSES = ['pending', 'paid', 'failed', 'refunded'];
const ROLES = ['user', 'guest', 'admin'];

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
  const ref = useFlow(machine, undefined);

  const state = useSelector(ref, (s) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('ready') ? 'ready' : 'leaving'));
  const applications = useSelector(ref, (s) => s.context.applications);
  const orders = useSelector(ref, (s) => s.context.orders);
  const downloading = useSelector(ref, (s) =>
    s.matches({ ready: 'receipt' }) ? { orderId: s.context.downloading as string, kind: 'receipt' as const } : s.matches({ ready: 'form' }) ? { orderId: s.context.downloading as string, kind: 'form' as const } : null,
  );
  const viewing = useSelector(ref, (s) => s.context.viewing);
  const continuing = useSelector(ref, (s) => (s.matches({ ready: 'continuing' }) ? s.context.continuing : null));
  const panel = useSelector(ref, (s): Panel =>
    s.matches({ ready: 'profile' }) ? 'profile' : s.matches({ ready: 'settings' }) ? 'settings' : s.matches({ ready: 'viewing' }) ? 'viewing' : null,
  );
  const canOpenPanels = useSelector(ref, (s) => s.can({ type: 'PROFILE' }));
  const busy = continuing !== null || downloading !== null;

  // Nothing else may start while an application is being opened; the buttons say so (aria-disabled keeps focus).
  const send = (event: Parameters<typeof ref.send>[0]) => {
    if (!busy) ref.send(event);
  };
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
            aria-disabled={!canOpenPanels || busy || undefined}
            onClick={() => canOpenPanels && send({ type: 'PROFILE' })}
          >
            {t('dashboard.profile')}
          </button>
          <button
            type="button"
            className={button.secondary}
            aria-disabled={!canOpenPanels || busy || undefined}
            onClick={() => canOpenPanels && send({ type: 'SETTINGS' })}
          >
            {t('dashboard.settings')}
          </button>
          <button type="button" className={button.secondary} aria-disabled={busy || undefined} onClick={() => send({ type: 'LOGOUT' })} data-testid="logout">
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
                <button type="button" className={button.primary} aria-disabled={busy || undefined} onClick={() => send({ type: 'NEW' })}>
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
              <button type="button" className={button.secondary} aria-disabled={busy || undefined} onClick={() => send({ type: 'NEW' })}>
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
                {applications.map((application) => (
                  <ApplicationItem
                    key={application.id}
                    application={application}
                    busy={busy}
                    continuing={continuing === application.id}
                    onView={() => send({ type: 'VIEW', id: application.id })}
                    onContinue={() => send({ type: 'CONTINUE', id: application.id })}
                  />
                ))}
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
      </Dialog>
    </div>
  );
}

/** The dashboard's words for an application: client/app/answerFormat.ts's, and its own statuses and types. */
function useFormats() {
  const { t } = useTranslation('account');
  const answers = useAnswerFormat();
  return useMemo(() => {
    /** A value the spec names, in words; anything else the server sends is shown as it came. */
    const known = (prefix: string, values: readonly string[], value: string) => (values.includes(value) ? t(`${prefix}.${value}`) : value);
    const type = (value: string) => (TYPE_KEYS[value] ? t(TYPE_KEYS[value]) : value);
    const title = (application: ApplicationDto) =>
      application.country ? t('dashboard.item.title', { type: type(application.type), country: answers.country(application.country) }) : type(application.type);
    const purpose = (application: ApplicationDto) => (application.purpose ? answers.purpose(application.purpose) : '—');
    return { ...answers, known, type, title, purpose };
  }, [t, answers]);
}

interface ItemProps {
  application: ApplicationDto;
  busy: boolean;
  continuing: boolean;
  onView: () => void;
  onContinue: () => void;
}

function ApplicationItem({ application, busy, continuing, onView, onContinue }: ItemProps) {
  const { t } = useTranslation('account');
  const format = useFormats();
  const titleId = `application-${application.id}-title`;
  const statusKnown = (STATUSES as readonly string[]).includes(application.status);
  return (
    <li className={css.item} data-testid={`application-${application.id}`}>
      <div className={css.itemHead}>
        <h3 id={titleId} className={css.itemTitle}>
          {format.title(application)}
        </h3>
        <span className={statusKnown ? css.status[application.status] : css.status.unknown}>{format.known('dashboard.status', STATUSES, application.status)}</span>
      </div>
      <dl className={css.meta}>
        <Meta term={t('dashboard.item.purpose')} value={format.purpose(application)} />
        <Meta term={t('dashboard.item.created')} value={format.date(application.createdAt)} />
        <Meta term={t('dashboard.item.lastModified')} value={format.date(application.lastModified)} />
      </dl>
      {application.progress < 100 && (
        <div className={css.progressRow}>
          <div
            className={css.progressTrack}
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={application.progress}
            aria-labelledby={titleId}
            aria-valuetext={t('dashboard.item.progressValue', { value: application.progress })}
          >
            <div className={css.progressFill} style={{ width: `${application.progress}%` }} />
          </div>
          <span className={css.progressText} aria-hidden="true">
            {t('dashboard.item.progressValue', { value: application.progress })}
          </span>
        </div>
      )}
      <div className={css.actions}>
        <button
          type="button"
          className={button.secondary}
          aria-disabled={busy || undefined}
          aria-describedby={titleId}
          onClick={onView}
          data-testid={`view-${application.id}`}
        >
          {t('dashboard.item.view')}
        </button>
        {application.type === 'PRE-ASSESSMENT' && (
          <Link to={ROUTES.results} className={button.secondary} aria-describedby={titleId}>
            {t('dashboard.item.analysis')}
          </Link>
        )}
        {canContinue(application) && (
          <button
            type="button"
            className={button.primary}
            aria-disabled={busy || undefined}
            aria-busy={continuing || undefined}
            aria-describedby={titleId}
            onClick={onContinue}
            data-testid={`continue-${application.id}`}
          >
            {continuing ? t('dashboard.item.continuing') : t('dashboard.item.continue')}
          </button>
        )}
      </div>
    </li>
  );
}

function Meta({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className={css.metaTerm}>{term}</dt>
      <dd className={css.metaValue}>{value}</dd>
    </div>
  );
}

/**
 * A modal panel over the list: the browser's dialog traps focus and closes on Escape; the machine says when it
 * is open, and focus goes back where it was when it closes.
 */
function Dialog({ open, labelledBy, onClose, children }: { open: boolean; labelledBy: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || typeof dialog.showModal !== 'function') return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={css.dialog}
      aria-labelledby={open ? labelledBy : undefined}
      onClose={() => {
        onClose();
        opener.current?.focus();
        opener.current = null;
      }}
    >
      {open && <div className={stack}>{children}</div>}
    </dialog>
  );
}

function ProfilePanel() {
  const { t } = useTranslation('account');
  const { account, checking } = useSession();
  return (
    <>
      <h2 id="panel-title" className={heading.section}>
        {t('dashboard.profile')}
      </h2>
      {account ? (
        <dl className={css.meta}>
          <Meta term={t('dashboard.profilePanel.email')} value={account.email} />
          <Meta
            term={t('dashboard.profilePanel.role')}
            value={ROLES.includes(account.role) ? t(`dashboard.profilePanel.roles.${account.role}`) : account.role}
          />
        </dl>
      ) : (
        <p className={muted}>{checking ? t('dashboard.profilePanel.checking') : t('dashboard.profilePanel.unknown')}</p>
      )}
    </>
  );
}

function SettingsPanel() {
  const { t } = useTranslation(['account', 'common']);
  const { language, change } = useLanguage();
  return (
    <>
      <h2 id="panel-title" className={heading.section}>
        {t('dashboard.settings')}
      </h2>
      <div>
        <label htmlFor="settings-language" className={label}>
          {t('dashboard.settingsPanel.language')}
        </label>
        <select
          id="settings-language"
          className={css.select}
          value={language}
          aria-describedby="settings-language-hint"
          onChange={(e) => isLanguage(e.target.value) && change(e.target.value)}
        >
          {LANGUAGES.map((code) => (
            <option key={code} value={code}>
              {t(`common:language.names.${code}`)}
            </option>
          ))}
        </select>
        <p id="settings-language-hint" className={muted}>
          {t('dashboard.settingsPanel.languageHint')}
        </p>
      </div>
    </>
  );
}

function DetailsPanel({ application }: { application: ApplicationDto }) {
  const { t } = useTranslation('account');
  const format = useFormats();
  return (
    <>
      <h2 id="panel-title" className={heading.section}>
        {format.title(application)}
      </h2>
      <dl className={css.meta}>
        <Meta term={t('dashboard.details.type')} value={format.type(application.type)} />
        <Meta term={t('dashboard.details.country')} value={application.country ? format.country(application.country) : '—'} />
        <Meta term={t('dashboard.item.purpose')} value={format.purpose(application)} />
        <Meta term={t('dashboard.details.status')} value={format.known('dashboard.status', STATUSES, application.status)} />
        <Meta term={t('dashboard.details.progress')} value={t('dashboard.item.progressValue', { value: application.progress })} />
        <Meta term={t('dashboard.item.created')} value={format.date(application.createdAt)} />
        <Meta term={t('dashboard.item.lastModified')} value={format.date(application.lastModified)} />
        <Meta term={t('dashboard.details.payment')} value={format.known('dashboard.paymentStatus', PAYMENT_STATUSES, application.paymentStatus)} />
        <Meta term={t('dashboard.details.plan')} value={format.known('dashboard.plans', PLANS, application.plan)} />
      </dl>
      <h3 className={css.itemTitle}>{t('dashboard.details.orders')}</h3>
      {application.orders.length === 0 ? (
        <p className={muted}>{t('dashboard.details.noOrders')}</p>
      ) : (
        <ul className={css.orders}>
          {application.orders.map((order) => (
            <li key={order.id} className={css.order}>
              <span>
                <strong>{t('dashboard.details.orderNumber', { number: order.number })}</strong>
                <br />
                <span className={muted}>
                  {t('dashboard.details.orderSummary', {
                    product: format.known('dashboard.plans', PLANS, order.product),
                    status: format.known('dashboard.orderStatus', ORDER_STATUSES, order.status),
                  })}
                </span>
              </span>
              <Link to={`${ROUTES.paymentConfirmation}?order=${encodeURIComponent(order.id)}`}>
                {t('dashboard.details.orderLink', { number: order.number })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

interface AnswersProps {
  application: ApplicationDto;
  answers: { state: 'loading' | 'shown' | 'failed'; values: Record<string, unknown> };
  onRetry: () => void;
}

/** The application's answers, read-only: by the wizard's questions where one made it, else as saved. */
/**
 * The application's answers, read-only, under their form's sections: each labelled with its question and worded in
 * the interface language (machines/domain/answers.ts, client/app/answerFormat.ts), whichever form or chat made it.
 */
function AnswersList({ application, answers, onRetry }: AnswersProps) {
  const { t } = useTranslation(['account', 'answers', 'catalog', 'ds160form', 'wizard']);
  const format = useAnswerFormat();
  const groups = useMemo(() => {
    const bySection = new Map<string, DescribedAnswer[]>();
    for (const answer of describeAnswers(application.source, answers.values)) bySection.set(answer.section, [...(bySection.get(answer.section) ?? []), answer]);
    return [...bySection.values()];
  }, [application.source, answers.values]);
  if (answers.state === 'loading') return <Spinner label={t('dashboard.details.answersLoading')} />;
  if (answers.state === 'failed') {
    return (
      <div role="alert" className={stack}>
        <p>{t('dashboard.details.answersFailed')}</p>
        <div>
          <button type="button" className={button.secondary} onClick={onRetry}>
            {t('dashboard.retry')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <section aria-labelledby="answers-title" className={stack} data-testid="application-answers">
      <h3 id="answers-title" className={css.itemTitle}>
        {t('dashboard.details.answers')}
      </h3>
      {groups.length === 0 ? (
        <p className={muted}>{t('dashboard.details.noAnswers')}</p>
      ) : (
        groups.map((group) => (
          <div key={group[0]?.section} className={stack}>
            <h4 className={muted}>{group[0]?.sectionKey ? t(group[0].sectionKey) : t('answers:sections.other')}</h4>
            <dl className={css.answers}>
              {group.map((answer) => (
                <div key={answer.id}>
                  <dt className={muted}>{format.label(answer)}</dt>
                  {format.lines(answer.value).map((line, i) => (
                    <dd key={i}>{line}</dd>
                  ))}
                </div>
              ))}
            </dl>
          </div>
        ))
      )}
    </section>
  );
}
