import { shallowEqual, useSelector } from '@xstate/react';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DS160_FORM_ID,
  DS160_FORM_SECTIONS,
  ds160FormFlow,
  ds160TravellerFlow,
  fieldChange,
  fieldsOf,
  formView,
  lastRowField,
  linkedCode as linkedCodeOf,
  NO_ERRORS,
  NO_VALUES,
  offersGroup,
  otherTravellerOf,
  paidInGroupOf,
  offersNewApplication,
  paidNoticeOf,
  paidTravellerOf,
  prefilledOf,
  type Ds160FormEvent,
  type Ds160FormSection,
  type Ds160ListId,
  type TravellerGroupRef,
} from '../../../machines/ds160Form.view';
import { Link } from '../../app/Link';
import { revealBelowHeader } from '../../app/reveal';
import { useAddress, useFlow } from '../../app/useFlow';
import { usePageMeta } from '../../app/usePageMeta';
import { useFormerUntilIdle, useWhenIdle } from '../../app/useWhenIdle';
import { useCountryName } from '../../components/countries';
import { GroupSide } from '../../components/group/GroupSide';
import { button, card, container, heading, linkButton, muted, notice, page } from '../../styles/ui.css';
import { CompletionCard } from './CompletionCard';
import * as css from './ds160Wizard.css';
import { ResumeEntry, SaveForLater } from './ResumePanel';
import { SaveIndicator } from './SaveIndicator';
import { CountryOptionsProvider, fieldDomId, SectionFields } from './SectionFields';
import { SectionPicker, Sidebar, useWideScreen } from './Sidebar';
import { WaiverPanel } from './WaiverPanel';

const TITLE_ID = 'ds160-section-title';
const WAIVER_ID = 'ds160-waiver';
const NO_PREFILLED: ReadonlySet<string> = new Set();
/** The photo step is not drawn ahead: its photo check is a machine of its own, started when it mounts. */
const DRAWN_AHEAD: readonly Ds160FormSection[] = DS160_FORM_SECTIONS.filter((s) => s !== 'photo-submission');

/** After the next render: focus the element with this id, if it is there. */
function focusSoon(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

type SectionFormProps = Omit<ComponentProps<typeof SectionFields>, 'fields' | 'values'> & { section: Ds160FormSection; shown: boolean };

/**
 * A section's fields in their form: the one shown, or one drawn beside it, hidden (see `css.offstage`). Memoized,
 * as its fields are: Next only turns one form on and another off, and should not redraw what is in them.
 */
const SectionForm = memo(function SectionForm({ section, shown, all, ...rest }: SectionFormProps) {
  const values = all[section] ?? NO_VALUES;
  const fields = useMemo(() => fieldsOf(section, all), [section, all]);
  // No submit button: Enter in a field never moves on or submits; Next and Previous are plain buttons.
  return (
    <form
      id={shown ? DS160_FORM_ID : undefined}
      className={shown ? undefined : css.offstage}
      noValidate
      aria-labelledby={shown ? TITLE_ID : undefined}
      onSubmit={(e) => e.preventDefault()}
    >
      <SectionFields fields={fields} values={values} all={all} {...rest} />
    </form>
  );
});

/** The title and the links out; memoized, as it never changes with the form (a link works out its URL each time). */
const PageHeader = memo(function PageHeader() {
  const { t } = useTranslation('ds160form');
  return (
    <div className={css.header}>
      <div>
        <h1 className={css.pageTitle}>{t('page.title')}</h1>
        <p className={muted}>{t('page.subtitle')}</p>
      </div>
      <div className={css.headerLinks}>
        <Link route="aiVisa" className={button.ghost}>
          {t('page.aiAssistant')}
        </Link>
        <Link route="home" className={button.ghost}>
          {t('page.home')}
        </Link>
      </div>
    </div>
  );
});

/**
 * /ds160-wizard (spec 2-wizards §2.4, §3.4-§3.8, §4.4-§4.7, §8): the ten-section DS-160 form. The machine keeps
 * the answers, the section, the lead and its autosave; this page draws the current section from the domain's
 * field list, the sidebar (or the phone's picker), the waiver suggestion, the save indicator and the completion card.
 */
export default function Ds160WizardPage() {
  const { t } = useTranslation(['ds160form', 'ds160page', 'validation']);
  usePageMeta('apply');
  const nameOf = useCountryName();
  const wide = useWideScreen();
  const ref = useFlow(ds160FormFlow);
  // A traveller of a group opened from its panel (issue 36): their answers, once read, are handed to the form.
  const handover = useFlow(ds160TravellerFlow);
  // Resume on any device: a resume link fills the code in (kept as the page opened); a restored application is
  // handed to the form.
  const [linkedCode] = useState(useAddress(linkedCodeOf));
  const withGroup = useAddress(offersGroup);

  const view = useSelector(ref, formView, shallowEqual);
  const { current, section, spec, all, completed, errors, waiver, leadId, busy, showCompletion, plan, price, priceFailed, saveStatus, nationality } = view;
  const [group, setGroup] = useState<TravellerGroupRef | null>(null);
  const prefilledList = useSelector(group ?? undefined, prefilledOf(leadId));
  const prefilled = useMemo(() => (prefilledList ? new Set(prefilledList.split('\n')) : NO_PREFILLED), [prefilledList]);
  // Whose form is open when it is another traveller's (issue 45), and whether their service is paid: then it is
  // read-only, its sections still there to look through and copy from.
  const about = useSelector(group ?? undefined, otherTravellerOf(leadId)) ?? '';
  // The leader's own form is not opened from the panel: the group's list says when it is paid.
  const paidTraveller = useSelector(handover, paidTravellerOf(leadId));
  const paidInGroup = useSelector(group ?? undefined, paidInGroupOf(leadId));
  // A paid application in no group (issue 45): the form's machine found it paid and holds it read-only.
  const paidNotice = paidNoticeOf(paidTraveller, about, paidInGroup, view.paid ? view.applicantName : null);
  const paid = paidNotice !== null;
  const locked = busy || paid;

  // Issue 16: building a section's fields and country lists took 100-190 ms on a slow phone. So the section after
  // this one is drawn hidden once the browser is idle, and Next only shows it; the section just left is taken down
  // once idle too. Only neighbours are drawn beside the shown one: they share no field, so no id is there twice.
  const upcoming = DS160_FORM_SECTIONS[current + 1];
  const ahead = useWhenIdle(upcoming && DRAWN_AHEAD.includes(upcoming) ? upcoming : undefined);
  const left = useFormerUntilIdle(section);
  const drawn = DS160_FORM_SECTIONS.filter(
    (s) => s === section || s === ahead || (s === left && Math.abs(DS160_FORM_SECTIONS.indexOf(s) - current) === 1),
  );

  const change = useCallback((path: string, value: unknown) => ref.send(fieldChange(ref.getSnapshot(), path, value)), [ref]);
  const addRow = useCallback(
    (list: Ds160ListId) => {
      ref.send({ type: 'ROW.ADD', list });
      // The new row's first field, so typing can start at once.
      const first = lastRowField(ref.getSnapshot(), list);
      if (first) focusSoon(fieldDomId(first));
    },
    [ref],
  );
  const removeRow = useCallback(
    (list: Ds160ListId, index: number) => {
      ref.send({ type: 'ROW.REMOVE', list, index });
      focusSoon(`${fieldDomId(list)}-add`);
    },
    [ref],
  );

  // Another section on screen (a button, Back or Forward, a restored application) brings focus (and the view) to its
  // title; the phone's picker keeps focus where it is, since a keyboard changes its value one option at a time. What
  // the page knows is what it draws: the section the picker asked for, and the section now shown. Whether a press
  // moved the form is the flow's, never read back after the event.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const firstDraw = useRef(true);
  const picked = useRef<Ds160FormSection | null>(null);
  const move = useCallback((event: Ds160FormEvent) => ref.send(event), [ref]);
  useEffect(() => {
    const pickedHere = picked.current === section;
    picked.current = null;
    // Not on the first render, nor on the section the picker just chose.
    if (firstDraw.current) {
      firstDraw.current = false;
      return;
    }
    if (pickedHere) return;
    // The waiver panel, shown with this move, has taken focus already (its effect runs first).
    if (document.activeElement?.closest(`#${WAIVER_ID}`)) return;
    titleRef.current?.focus({ preventScroll: true });
    // The section's number and title, below the header, wherever the button pressed was.
    revealBelowHeader(sectionRef.current);
  }, [current]);

  // Stable, so the sidebar and the picker are only drawn again when what they show changes.
  const goFocused = useCallback((target: Ds160FormSection) => move({ type: 'GOTO', section: target }), [move]);
  const goPicked = useCallback(
    (target: Ds160FormSection) => {
      picked.current = target;
      move({ type: 'GOTO', section: target });
    },
    [move],
  );
  const retry = useCallback(() => ref.send({ type: 'RETRY' }), [ref]);
  const nextLabel = busy ? t('nav.submitting') : view.isLast ? t('nav.complete') : t('nav.next');

  return (
    <CountryOptionsProvider>
      <div className={`${container} ${page} ${css.main}`}>
        <PageHeader />
        {about && (
          <h2 className={heading.section} data-testid="form-owner">
            {t('page.titleFor', { name: about })}
          </h2>
        )}

        <div className={css.layout}>
          {wide && <Sidebar current={section} completed={completed} disabled={busy} onGo={goFocused} />}

          <div className={css.main}>
            {!wide && <SectionPicker current={section} completed={completed} disabled={busy} onGo={goPicked} />}
            {paidNotice ? (
              <div role="status" className={notice.info} data-testid="ds160-paid">
                <p>
                  <strong>{t('page.paid.title')}</strong>
                </p>
                <p>{t('page.paid.body', { name: paidNotice.name ?? t('group:checkout.unnamed') })}</p>
              </div>
            ) : (
              <SaveIndicator status={saveStatus} onRetry={retry} />
            )}
            {leadId ? <SaveForLater key={leadId} leadId={leadId} /> : linkedCode && <ResumeEntry code={linkedCode} />}
            {(leadId || withGroup) && (
              <div className={card}>
                <GroupSide key={leadId ?? 'none'} leadId={leadId} onGroup={setGroup} />
              </div>
            )}

            {waiver && (
              <div id={WAIVER_ID}>
                <WaiverPanel
                  country={nameOf(nationality)}
                  onSwitch={() => ref.send({ type: 'WAIVER.SWITCH' })}
                  onDismiss={() => {
                    ref.send({ type: 'WAIVER.DISMISS' });
                    titleRef.current?.focus();
                  }}
                />
              </div>
            )}

            {showCompletion && !paid && (
              <CompletionCard
                plan={plan}
                price={price}
                priceFailed={priceFailed}
                busy={busy}
                onProceed={() => ref.send({ type: 'SUBMIT' })}
                onRetryPrice={() => ref.send({ type: 'PRICE.RETRY' })}
              />
            )}

            {offersNewApplication(showCompletion, paidNotice, view.paid) && (
              <p className={muted} data-testid="ds160-new-application">
                {t('ds160page:newApplication.note')}{' '}
                <button type="button" className={linkButton} disabled={busy} onClick={() => move({ type: 'RESET' })}>
                  {t('ds160page:newApplication.action')}
                </button>
              </p>
            )}
            <section ref={sectionRef} className={`${card} ${css.main}`} aria-labelledby={TITLE_ID} data-section={section}>
              <div className={css.sectionHead}>
                <p className={css.count}>{t('ds160page:section.counter', { n: current + 1, total: view.total })}</p>
                <h2 id={TITLE_ID} ref={titleRef} className={css.sectionTitle} tabIndex={-1}>
                  {t(spec.titleKey)}
                </h2>
                <p className={css.description}>{t(spec.descriptionKey)}</p>
              </div>

              {/* Keyed by section: after Next, the shown form is the one drawn ahead, already built. */}
              {drawn.map((s) => (
                <SectionForm
                  key={s}
                  section={s}
                  shown={s === section}
                  all={all}
                  errors={s === section ? errors : NO_ERRORS}
                  disabled={locked}
                  leadId={leadId}
                  onChange={change}
                  onAdd={addRow}
                  onRemove={removeRow}
                  prefilled={prefilled}
                />
              ))}

              {!paid && (
                <div className={css.actions}>
                  <button type="button" className={button.secondary} disabled={busy || view.isFirst} onClick={() => move({ type: 'PREVIOUS' })}>
                    {t('nav.previous')}
                  </button>
                  <button
                    type="button"
                    className={button.primary}
                    data-testid="ds160-next"
                    data-main-action
                    disabled={busy}
                    aria-busy={busy || undefined}
                    onClick={() => move({ type: 'NEXT' })}
                  >
                    {nextLabel}
                  </button>
                </div>
              )}
            </section>
            {/* Opened from a resume link, the entry sits on top; otherwise below, out of a new applicant's way. */}
            {!leadId && !linkedCode && <ResumeEntry code={null} />}
          </div>
        </div>
      </div>
    </CountryOptionsProvider>
  );
}
