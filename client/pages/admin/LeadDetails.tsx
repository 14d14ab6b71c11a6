import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { SHOWN_ANSWER_GROUPS } from '../../../machines/adminDashboard.view';
import type { AdminAnswer, AdminLeadDetailDto } from '../../../openapi/schemas/admin';
import { useAnswerFormat } from '../../app/answerFormat';
import { useMoney } from '../../app/money';
import { Dialog } from '../../components/Dialog';
import { Spinner } from '../../components/Spinner';
import { button, heading, muted, notice, stack } from '../../styles/ui.css';
import type { DashboardRef } from './AdminDashboard';
import * as css from './admin.css';
import { StatusBadge } from './LeadsTab';

/** Spec 1-core §4: completed, in progress and any other history entry each have their icon. */
function historyIcon(status: string): string {
  if (status === 'completed' || status === 'paid') return '✅';
  if (status === 'in_progress' || status === 'incomplete') return '⏳';
  return '•';
}

/** The 'Lead Details' dialog (spec 1-core §2.10): loading, error with Retry, 'No lead data found', or every section. */
export function LeadDetails({ dashboard }: { dashboard: DashboardRef }) {
  const { t } = useTranslation('admin');
  const open = useSelector(dashboard, (s) => s.matches({ active: { details: 'open' } }));
  const loading = useSelector(dashboard, (s) => s.hasTag('loading') && (s.matches({ active: { details: { open: 'loading' } } }) || s.matches({ active: { details: { open: 'retrying' } } })));
  const failed = useSelector(dashboard, (s) => s.matches({ active: { details: { open: 'failed' } } }));
  const missing = useSelector(dashboard, (s) => s.matches({ active: { details: { open: 'missing' } } }));
  const lead = useSelector(dashboard, (s) => s.context.lead);
  const leadId = useSelector(dashboard, (s) => s.context.leadId);


  return (
    <Dialog open={open} labelledBy="lead-title" size="wide" onClose={() => dashboard.send({ type: 'LEAD.CLOSE' })} testId="lead-dialog">
      <div className={css.dialogBody}>
        <div className={css.dialogHead}>
          <h2 id="lead-title" className={heading.section}>
            {t('lead.title')}
          </h2>
          <button type="button" className={button.ghost} onClick={() => dashboard.send({ type: 'LEAD.CLOSE' })}>
            {t('lead.close')}
          </button>
        </div>
        {loading && <Spinner label={t('lead.loading')} />}
        {failed && (
          <div className={`${notice.warning} ${stack}`} role="alert">
            <p>
              <strong>{t('lead.error')}</strong> — {t('lead.errorId', { id: leadId })}
            </p>
            <button type="button" className={button.secondary} onClick={() => dashboard.send({ type: 'LEAD.RETRY' })}>
              {t('lead.retry')}
            </button>
          </div>
        )}
        {missing && (
          <div className={notice.info} role="status">
            <p>
              <strong>{t('lead.missing')}</strong>
            </p>
            <p>{t('lead.missingHint')}</p>
          </div>
        )}
        {open && lead && !loading && <LeadBody lead={lead} />}
      </div>
    </Dialog>
  );
}

/** A history entry's action as the server wrote it ('submitted', 'paid: pro (order RB-…)'), in the admin's words. */
function historyAction(t: (key: string, options?: Record<string, unknown>) => string, action: string): string {
  const paid = /^paid: (\w+) \(order ([\w-]+)\)$/.exec(action);
  if (paid) return t('answers:history.paid', { plan: t(`answers:plans.${paid[1]}`, { defaultValue: paid[1] }), number: paid[2] });
  return t(`answers:history.${action}`, { defaultValue: action });
}

function LeadBody({ lead }: { lead: AdminLeadDetailDto }) {
  const { t } = useTranslation(['admin', 'answers', 'catalog', 'ds160form']);
  const money = useMoney();
  const format = useAnswerFormat();
  const when = format.dateTime;
  const label = (a: AdminAnswer) => format.label(a);
  const value = (a: AdminAnswer) => format.answer(a.value);
  const basics: Array<[string, React.ReactNode]> = [
    ['name', lead.name || '—'],
    ['email', lead.email || '—'],
    ['phone', lead.phone || '—'],
    ['formType', format.formType(lead.formType)],
    ['nationality', lead.nationality ? format.country(lead.nationality) : '—'],
    ['purpose', lead.travelPurpose ? format.purpose(lead.travelPurpose) : '—'],
    ['status', <StatusBadge key="s" kind="completionStatus" status={lead.completionStatus} />],
    ['payment', <StatusBadge key="p" kind="paymentStatus" status={lead.paymentStatus} />],
    ['plan', t(`answers:plans.${lead.plan}`, { defaultValue: lead.plan })],
    ['source', t(`answers:sources.${lead.source}`, { defaultValue: lead.source })],
    ['progress', format.percent(lead.progress)],
  ];

  return (
    <>
      <Section title={t('lead.sections.basic')}>
        <dl className={css.facts} data-testid="lead-basics">
          {basics.map(([key, text]) => (
            <div key={key}>
              <dt className={css.factTerm}>{t(`lead.fields.${key}`)}</dt>
              <dd className={css.factValue}>{text}</dd>
            </div>
          ))}
        </dl>
      </Section>

      {lead.photoId && (
        <Section title={t('lead.sections.photo')}>
          <img className={css.photo} src={`/api/photos/${lead.photoId}`} alt={t('lead.photoAlt')} />
        </Section>
      )}

      {SHOWN_ANSWER_GROUPS.map((group) => {
        const answers = lead.answers.filter((a) => a.group === group);
        return (
          <Section key={group} title={t(`lead.sections.${group}`)}>
            {answers.length === 0 ? <p className={muted}>{t('lead.noAnswers')}</p> : <Answers answers={answers} label={label} value={value} />}
          </Section>
        );
      })}

      <Section title={t('lead.sections.all')}>
        {lead.answers.length === 0 ? <p className={muted}>{t('lead.noAnswers')}</p> : <Answers answers={lead.answers} label={label} value={value} testId="lead-answers" />}
      </Section>

      <Section title={t('lead.sections.history')}>
        {lead.applicationHistory.length === 0 ? (
          <p className={muted}>{t('lead.noHistory')}</p>
        ) : (
          <ul className={css.plainList} data-testid="lead-history">
            {lead.applicationHistory.map((h, i) => (
              <li key={`${h.date}-${i}`}>
                <span aria-hidden="true">{historyIcon(h.status)}</span> <StatusBadge kind="completionStatus" status={h.status} /> {historyAction(t, h.action)} — {when(h.date)}
              </li>
            ))}
          </ul>
        )}
      </Section>

      {lead.orders.length > 0 && (
        <Section title={t('lead.sections.orders')}>
          <ul className={css.plainList}>
            {lead.orders.map((o) => (
              <li key={o.number} className={stack} data-testid={`lead-order-${o.number}`}>
                <span>
                  {t('lead.order', { number: o.number, plan: t(`answers:plans.${o.plan}`, { defaultValue: o.plan }), status: t(`answers:orderStatus.${o.status}`, { defaultValue: o.status }), total: money(o.total, { cents: true }) })}{' '}
                  <span className={muted}>{t(`lead.settledBy.${o.settledBy ?? 'pending'}`)}</span>
                </span>
                {/* Each payment attempt and how the order moved, so support can tell whether a card was charged. */}
                <ul className={css.plainList}>
                  {o.attempts.map((a, i) => (
                    <li key={`a-${i}`}>
                      {t('lead.attempt', { status: a.status, date: when(a.createdAt) })}
                      {a.card ? ` · ${a.card}` : ''}
                      {a.reason ? ` · ${a.reason}` : ''}
                      {a.reference ? ` · ${a.reference}` : ''}
                    </li>
                  ))}
                  {o.history.map((h, i) => (
                    <li key={`h-${i}`} className={muted}>
                      {t(`answers:orderStatus.${h.status}`, { defaultValue: h.status })}: {h.note} — {when(h.date)}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </Section>
      )}

      {lead.group && (
        <Section title={t('lead.sections.group')}>
          <ul className={css.plainList} data-testid="lead-group">
            {lead.group.travellers.map((g) => (
              <li key={g.leadId} aria-current={g.leadId === lead.id ? 'true' : undefined}>
                {t('lead.groupTraveller', { name: g.name || g.leadId, relationship: g.relationship, form: g.form, status: g.completionStatus })}
              </li>
            ))}
          </ul>
        </Section>
      )}

      {lead.chats.length > 0 && (
        <Section title={t('lead.sections.chats')}>
          <ul className={css.plainList}>
            {lead.chats.map((c, i) => (
              <li key={`${c.chat}-${i}`}>{t('lead.chat', { chat: t(`answers:chats.${c.chat}`, { defaultValue: c.chat }), count: c.messages, date: when(c.updatedAt) })}</li>
            ))}
          </ul>
        </Section>
      )}

      <Section title={t('lead.sections.timeline')}>
        <dl className={css.facts}>
          <div>
            <dt className={css.factTerm}>{t('lead.fields.created')}</dt>
            <dd className={css.factValue}>{when(lead.createdAt)}</dd>
          </div>
          <div>
            <dt className={css.factTerm}>{t('lead.fields.lastActive')}</dt>
            <dd className={css.factValue}>{when(lead.lastActive)}</dd>
          </div>
        </dl>
      </Section>
    </>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className={stack}>
      <h3 className={heading.section}>{title}</h3>
      {children}
    </section>
  );
}

function Answers({ answers, label, value, testId }: { answers: AdminAnswer[]; label: (a: AdminAnswer) => string; value: (a: AdminAnswer) => string; testId?: string }) {
  return (
    <dl className={css.facts} data-testid={testId}>
      {answers.map((a) => (
        <div key={a.id}>
          <dt className={css.factTerm}>{label(a)}</dt>
          <dd className={css.factValue}>{value(a)}</dd>
        </div>
      ))}
    </dl>
  );
}
