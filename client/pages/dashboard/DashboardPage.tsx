import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { applicationCards, canContinue, dashboardMachine, inProgressCount } from '../../../machines/dashboard.machine';
import { ds160Catalog, estaCatalog, preassessmentCatalog } from '../../../machines/domain/catalogs';
import { LANGUAGES, isLanguage } from '../../../machines/domain/language';
import { ROUTES } from '../../../machines/domain/routes';
import { visibleQuestions } from '../../../machines/domain/questions';
import { firstUnanswered } from '../../../machines/domain/wizardProgress';
import type { ApplicationDto } from '../../../openapi/schemas/applications';
import { makeDashboardActors } from '../../api/actors/dashboard';
import { fetchTransport } from '../../api/transport';
import { useLanguage, useSession, useToastActor } from '../../app/AppContext';
import { saveFile } from '../../app/saveFile';
import { writeStorage } from '../../app/storage';
import { useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { useCountryName } from '../../components/countries';
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

export default function DashboardPage() {
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
  const cards = useMemo(() => applicationCards(applications), [applications]);
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
                {cards.map((entry) => {
                  const item = (application: ApplicationDto) => (
                    <ApplicationItem
                      key={application.id}
                      application={application}
                      busy={busy}
                      continuing={continuing === application.id}
                      onView={() => send({ type: 'VIEW', id: application.id })}
                      onContinue={() => send({ type: 'CONTINUE', id: application.id })}
                    />
                  );
                  if (entry.kind === 'single') return item(entry.application);
                  // A family or group is one card with its travellers, each continued on their own application.
                  return (
                    <li key={entry.id} className={`${css.item} ${stack}`} data-testid={`group-${entry.id}`} aria-labelledby={`group-${entry.id}-title`}>
                      <h3 id={`group-${entry.id}-title`} className={css.itemTitle}>
                        {t('dashboard.group.title', { count: entry.applications.length })}
                      </h3>
                      <ul className={css.list}>
                        {entry.applications.map((application) => (
                          <li key={application.id} className={stack}>
                            <span className={muted}>
                              {t('dashboard.group.traveller', {
                                name: application.group?.traveller ?? '',
                                relationship: t(`group:relationship.${application.group?.relationship ?? 'groupMember'}`),
                              })}
                            </span>
                            <ul className={css.list}>{item(application)}</ul>
                          </li>
                        ))}
                      </ul>
                    </li>
                  );
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

function useFormats() {
  const { t } = useTranslation('account');
  const { language } = useLanguage();
  const countryName = useCountryName();
  return useMemo(() => {
    const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    const date = (iso: string) => {
      const parsed = new Date(iso);
      return Number.isNaN(parsed.getTime()) ? iso : dates.format(parsed);
    };
    /** A value the spec names, in words; anything else the server sends is shown as it came. */
    const known = (prefix: string, values: readonly string[], value: string) => (values.includes(value) ? t(`${prefix}.${value}`) : value);
    const type = (value: string) => (TYPE_KEYS[value] ? t(TYPE_KEYS[value]) : value);
    const title = (application: ApplicationDto) =>
      application.country ? t('dashboard.item.title', { type: type(application.type), country: countryName(application.country) }) : type(application.type);
    return { date, known, type, title, countryName };
  }, [t, language, countryName]);
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
        <Meta term={t('dashboard.item.purpose')} value={application.purpose || '—'} />
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
        <Meta term={t('dashboard.details.country')} value={application.country ? format.countryName(application.country) : '—'} />
        <Meta term={t('dashboard.item.purpose')} value={application.purpose || '—'} />
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
function AnswersList({ application, answers, onRetry }: AnswersProps) {
  const { t } = useTranslation(['account', 'catalog', 'wizard']);
  const nameOf = useCountryName();
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
  const catalog = application.wizard ? CATALOGS[application.wizard] : null;
  const flat = Object.fromEntries(Object.entries(answers.values).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const rows: Array<[string, string]> = catalog
    ? visibleQuestions(catalog, flat)
        .filter((q) => flat[q.id]?.trim())
        .map((q) => {
          const value = flat[q.id] as string;
          const option = q.options?.find((o) => o.value === value);
          return [t(q.labelKey), option ? t(option.labelKey) : q.type === 'country' ? nameOf(value) : value];
        })
    : Object.entries(answers.values).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]);
  return (
    <section aria-labelledby="answers-title" className={stack}>
      <h3 id="answers-title" className={css.itemTitle}>
        {t('dashboard.details.answers')}
      </h3>
      {rows.length === 0 ? (
        <p className={muted}>{t('dashboard.details.noAnswers')}</p>
      ) : (
        <dl className={css.answers}>
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt className={muted}>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
