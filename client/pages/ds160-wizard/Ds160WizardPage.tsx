import { useSelector } from '@xstate/react';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { SnapshotFrom } from 'xstate';
import { DS160_FORM_LISTS, DS160_FORM_SECTIONS, type Ds160FormSection } from '../../../machines/domain/ds160Form';
import { listRows, sectionSpec, visibleFields, type Ds160ListId } from '../../../machines/domain/ds160Sections';
import { ROUTES } from '../../../machines/domain/routes';
import { formWithStartChoice } from '../../../machines/domain/startCarry';
import { toIsoDate } from '../../../machines/domain/validators';
import {
  allCompleted,
  completionPrice,
  ds160FormMachine,
  sectionAt,
  type Ds160FormEvent,
  type Ds160FormInput,
  type Ds160FormOutput,
  type PersistedForm,
} from '../../../machines/ds160Form.machine';
import type { RestoredApplication } from '../../../machines/formResume.machine';
import { makeDs160FormActors } from '../../api/actors/ds160Form';
import { fetchTransport, type Transport } from '../../api/transport';
import { useToastActor } from '../../app/AppContext';
import { afterNextPaint } from '../../app/afterPaint';
import { revealBelowHeader } from '../../app/reveal';
import { formWriter, readForm, startWizardWith } from '../../app/wizard/storedProgress';
import { keptStartChoice } from '../../app/startChoice';
import { useLegacyFlow } from '../../app/useLegacyFlow';
import { useStepMoves } from '../../app/useStepHistory';
import { usePageMeta } from '../../app/usePageMeta';
import { useFormerUntilIdle, useWhenIdle } from '../../app/useWhenIdle';
import { useCountryName } from '../../components/countries';
import { GroupSide } from '../../components/group/GroupSide';
import { useTravellerHandover } from '../../app/group/useTravellerHandover';
import { usePrefilledPaths } from '../../app/group/usePrefilledPaths';
import type { TravellerGroupRef } from '../../app/group/useTravellerGroup';
import { ADD_TRAVELLER_PARAM, TRAVELLER_PARAM } from '../../../machines/domain/travellerGroup';
import { button, card, container, linkButton, muted, page } from '../../styles/ui.css';
import { CompletionCard, planOf } from './CompletionCard';
import * as css from './ds160Wizard.css';
import { ResumeEntry, SaveForLater } from './ResumePanel';
import { SaveIndicator, type SaveStatus } from './SaveIndicator';
import { CountryOptionsProvider, fieldDomId, SectionFields } from './SectionFields';
import { SectionPicker, Sidebar, useWideScreen } from './Sidebar';
import { WaiverPanel } from './WaiverPanel';


const LAST = DS160_FORM_SECTIONS.length - 1;
const FORM_ID = 'ds160-form';
const TITLE_ID = 'ds160-section-title';
const WAIVER_ID = 'ds160-waiver';
/** A section not answered yet; one object, so the visible fields are not worked out again for nothing. */
const NO_VALUES: Readonly<Record<string, unknown>> = Object.freeze({});
const NO_ERRORS: Readonly<Record<string, never>> = Object.freeze({});
/** The photo step is not drawn ahead: its photo check is a machine of its own, started when it mounts. */
const DRAWN_AHEAD: readonly Ds160FormSection[] = DS160_FORM_SECTIONS.filter((s) => s !== 'photo-submission');

/** The section in the URL, counted from 1, while the applicant is on one (not while a submit or a switch runs). */
const sectionStep = (s: SnapshotFrom<typeof ds160FormMachine>) => (s.status === 'active' && s.matches({ active: { flow: 'editing' } }) ? s.context.current + 1 : null);

/** After the render that shows the errors: focus the first field with one (a radio group: its chosen or first radio). */
function focusFirstError(attempt = 0) {
  requestAnimationFrame(() => {
    const form = document.getElementById(FORM_ID);
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
    if (!invalid) {
      if (attempt < 2) focusFirstError(attempt + 1);
      return;
    }
    const target = invalid.tagName === 'FIELDSET' ? (invalid.querySelector<HTMLElement>('input:checked') ?? invalid.querySelector<HTMLElement>('input') ?? invalid) : invalid;
    target.focus();
  });
}

/** After the next render: focus the element with this id, if it is there. */
function focusSoon(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

const saved = formWriter();

/**
 * The form's requests leave after the next frame: Next starts the section's save at once, and the new section is
 * painted first, without the request's work or its answer's in between (issue 16). One frame, on a round trip.
 */
const paintFirst: Transport = (request) => afterNextPaint().then(() => fetchTransport(request));

const base = ds160FormMachine.provide({
  actors: makeDs160FormActors(paintFirst),
  actions: {
    persistForm: (_, params: PersistedForm) => saved.write(params),
    clearForm: () => saved.remove(),
    focusError: () => focusFirstError(),
  },
});

/** The screen the finished flow goes to; a switch to the ESTA hands over the answers both forms share. */
function destination(output: unknown): string | null {
  const result = output as Ds160FormOutput | undefined;
  if (!result) return null;
  if (result.kind === 'switched') {
    // A switch from the waiver panel starts the ESTA wizard with the answers both forms share.
    startWizardWith('esta', result.answers);
  }
  return result.to;
}

type SectionFormProps = Omit<ComponentProps<typeof SectionFields>, 'fields' | 'values'> & { section: Ds160FormSection; shown: boolean };

/**
 * A section's fields in their form: the one shown, or one drawn beside it, hidden (see `css.offstage`). Memoized,
 * as its fields are: Next only turns one form on and another off, and should not redraw what is in them.
 */
const SectionForm = memo(function SectionForm({ section, shown, all, ...rest }: SectionFormProps) {
  const values = all[section] ?? NO_VALUES;
  const fields = useMemo(() => visibleFields(section, values, all), [section, values, all]);
  // No submit button: Enter in a field never moves on or submits; Next and Previous are plain buttons.
  return (
    <form
      id={shown ? FORM_ID : undefined}
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
        <Link to={ROUTES.aiVisa} className={button.ghost}>
          {t('page.aiAssistant')}
        </Link>
        <Link to={ROUTES.home} className={button.ghost}>
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
  const toasts = useToastActor();
  const machine = useMemo(() => {
    const show = (title: string, description?: string, extra: { variant?: 'destructive'; duration?: number } = {}) =>
      toasts.send({ type: 'TOAST.SHOW', toast: { title, ...(description ? { description } : {}), ...extra } });
    return base.provide({
      actions: {
        announceLeadStarted: () => show('ds160form:toasts.started.title', 'ds160form:toasts.started.description'),
        announceWelcomeBack: () => show('ds160form:toasts.welcomeBack.title', 'ds160form:toasts.welcomeBack.description'),
        announceRestored: () => show('ds160form:toasts.resumed.title', 'ds160form:toasts.resumed.description'),
        // Spec 2-wizards §8: a destructive toast for 3 seconds.
        announceSaveFailed: () =>
          show('ds160form:toasts.saveError.title', 'ds160form:toasts.saveError.description', { variant: 'destructive', duration: 3000 }),
        announceSubmitted: () => show('ds160form:toasts.submitted.title'),
        announceSubmitFailed: () => show('ds160form:toasts.error', 'ds160form:toasts.submitFailed', { variant: 'destructive' }),
      },
    });
  }, [toasts]);
  // The start flow's country and purpose fill the fields still empty (spec 2-wizards §2.1, §7).
  const [input] = useState<Ds160FormInput>(() => {
    const kept = readForm();
    return { today: toIsoDate(new Date()), ...kept, values: formWithStartChoice(kept.values ?? {}, keptStartChoice()) };
  });
  const ref = useLegacyFlow(machine, input, destination);
  // Leaving for another page of the app: what is waiting is written before that page reads storage.
  useEffect(() => () => saved.flush(), []);

  // Resume on any device: a resume link fills the code in; a restored application replaces the form's.
  const [searchParams] = useSearchParams();
  const [linkedCode] = useState(() => searchParams.get('resume'));
  // A traveller of a group opened from its panel (issue 36): their answers as the server holds them.
  const handover = useTravellerHandover(searchParams.get(TRAVELLER_PARAM));
  useEffect(() => {
    if (handover.state === 'ready' && ref.getSnapshot().context.leadId !== handover.leadId) {
      ref.send({ type: 'RESTORE', leadId: handover.leadId, values: handover.formData });
    }
  }, [handover, ref]);
  // The entry form goes away with the restore: focus moves to the section the applicant continues on.
  const bringBack = useCallback(
    (application: RestoredApplication) => {
      focusTitle.current = true;
      ref.send({ type: 'RESTORE', leadId: application.leadId, values: application.formData });
    },
    [ref],
  );

  const current = useSelector(ref, (s) => s.context.current);
  const section = useSelector(ref, (s) => sectionAt(s.context));
  const all = useSelector(ref, (s) => s.context.values);
  const completed = useSelector(ref, (s) => s.context.completed);
  // No errors is always the same object, so the form that has none is not drawn again for a new empty one.
  const errors = useSelector(ref, (s) => (Object.keys(s.context.errors).length > 0 ? s.context.errors : NO_ERRORS));
  const waiver = useSelector(ref, (s) => s.context.waiver);
  const leadId = useSelector(ref, (s) => s.context.leadId);
  const [group, setGroup] = useState<TravellerGroupRef | null>(null);
  const prefilled = usePrefilledPaths(group, leadId);
  const busy = useSelector(ref, (s) => s.hasTag('busy') || s.status === 'done');
  const editing = useSelector(ref, (s) => s.status === 'active' && s.matches({ active: { flow: 'editing' } }));
  const price = useSelector(ref, (s) => completionPrice(s.context));
  const priceFailed = useSelector(ref, (s) => s.status === 'active' && s.matches({ active: { price: 'failed' } }));
  const saveStatus = useSelector(ref, (s): SaveStatus =>
    s.matches({ active: { sync: 'failed' } }) ? 'failed' : s.hasTag('saving') ? 'saving' : s.context.leadId ? 'saved' : 'none',
  );

  const spec = sectionSpec(section);
  const personal = all['personal-info'] ?? NO_VALUES;
  // Issue 16: building a section's fields and country lists took 100-190 ms on a slow phone. So the section after
  // this one is drawn hidden once the browser is idle, and Next only shows it; the section just left is taken down
  // once idle too. Only neighbours are drawn beside the shown one: they share no field, so no id is there twice.
  const upcoming = DS160_FORM_SECTIONS[current + 1];
  const ahead = useWhenIdle(upcoming && DRAWN_AHEAD.includes(upcoming) ? upcoming : undefined);
  const left = useFormerUntilIdle(section);
  const drawn = DS160_FORM_SECTIONS.filter(
    (s) => s === section || s === ahead || (s === left && Math.abs(DS160_FORM_SECTIONS.indexOf(s) - current) === 1),
  );

  // A field of the current section; a row's field ('companions.0.firstName') sends its list whole.
  const change = useCallback(
    (path: string, value: unknown) => {
      const [list, index, name] = path.split('.');
      if (name === undefined || list === undefined) {
        ref.send({ type: 'FIELD.CHANGE', field: path, value });
        return;
      }
      const context = ref.getSnapshot().context;
      const rows = listRows(context.values[sectionAt(context)]?.[list]);
      const at = Number(index);
      ref.send({ type: 'FIELD.CHANGE', field: list, value: rows.map((row, i) => (i === at ? { ...row, [name]: value } : row)) });
    },
    [ref],
  );
  const addRow = useCallback(
    (list: Ds160ListId) => {
      ref.send({ type: 'ROW.ADD', list });
      const context = ref.getSnapshot().context;
      const count = listRows(context.values[sectionAt(context)]?.[list]).length;
      const first = DS160_FORM_LISTS[list]?.[0];
      // The new row's first field, so typing can start at once.
      if (count > 0 && first) focusSoon(fieldDomId(`${list}.${count - 1}.${first}`));
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

  // Moving to another section with a button brings focus (and the view) to its title; the phone's picker keeps
  // focus where it is, since a keyboard changes its value one option at a time.
  const titleRef = useRef<HTMLHeadingElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const focusTitle = useRef(false);
  const move = useCallback(
    (event: Ds160FormEvent, focus: boolean) => {
      const before = ref.getSnapshot().context.current;
      focusTitle.current = focus;
      ref.send(event);
      if (ref.getSnapshot().context.current === before) focusTitle.current = false;
    },
    [ref],
  );
  useEffect(() => {
    if (!focusTitle.current) return;
    focusTitle.current = false;
    // The waiver panel, shown with this move, has taken focus already (its effect runs first).
    if (document.activeElement?.closest(`#${WAIVER_ID}`)) return;
    titleRef.current?.focus({ preventScroll: true });
    // The section's number and title, below the header, wherever the button pressed was.
    revealBelowHeader(sectionRef.current);
  }, [current]);

  // The section is in the URL (?section=), as the question wizards' ?q=: the browser's Back goes back a section
  // (not to the page before the form), Forward returns, a reload stays. Nothing moves while a submit runs.
  useStepMoves('section', ref, sectionStep, {
    to: (step) => {
      const target = DS160_FORM_SECTIONS[step - 1];
      if (target) move({ type: 'GOTO', section: target }, true);
    },
  });

  // Stable, so the sidebar and the picker are only drawn again when what they show changes.
  const goFocused = useCallback((target: Ds160FormSection) => move({ type: 'GOTO', section: target }, true), [move]);
  const goPicked = useCallback((target: Ds160FormSection) => move({ type: 'GOTO', section: target }, false), [move]);
  const retry = useCallback(() => ref.send({ type: 'RETRY' }), [ref]);
  const showCompletion = editing && allCompleted({ completed });
  const nextLabel = busy ? t('nav.submitting') : current === LAST ? t('nav.complete') : t('nav.next');
  const nationality = typeof personal.nationality === 'string' ? personal.nationality : '';

  return (
    <CountryOptionsProvider>
      <div className={`${container} ${page} ${css.main}`}>
        <PageHeader />

        <div className={css.layout}>
          {wide && <Sidebar current={section} completed={completed} disabled={busy} onGo={goFocused} />}

          <div className={css.main}>
            {!wide && <SectionPicker current={section} completed={completed} disabled={busy} onGo={goPicked} />}
            <SaveIndicator status={saveStatus} onRetry={retry} />
            {leadId ? <SaveForLater key={leadId} leadId={leadId} /> : linkedCode && <ResumeEntry code={linkedCode} onRestore={bringBack} />}
            {(leadId || searchParams.has(ADD_TRAVELLER_PARAM)) && (
              <div className={card}>
                <GroupSide key={leadId ?? 'none'} leadId={leadId} onGroup={setGroup} />
              </div>
            )}

            {waiver === 'shown' && (
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

            {showCompletion && (
              <CompletionCard
                plan={planOf(personal.selectedPlan)}
                price={price}
                priceFailed={priceFailed}
                busy={busy}
                onProceed={() => ref.send({ type: 'SUBMIT' })}
                onRetryPrice={() => ref.send({ type: 'PRICE.RETRY' })}
              />
            )}

            {showCompletion && (
              <p className={muted} data-testid="ds160-new-application">
                {t('ds160page:newApplication.note')}{' '}
                <button type="button" className={linkButton} disabled={busy} onClick={() => move({ type: 'RESET' }, true)}>
                  {t('ds160page:newApplication.action')}
                </button>
              </p>
            )}
            <section ref={sectionRef} className={`${card} ${css.main}`} aria-labelledby={TITLE_ID} data-section={section}>
              <div className={css.sectionHead}>
                <p className={css.count}>{t('ds160page:section.counter', { n: current + 1, total: DS160_FORM_SECTIONS.length })}</p>
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
                  disabled={busy}
                  leadId={leadId}
                  onChange={change}
                  onAdd={addRow}
                  onRemove={removeRow}
                  prefilled={prefilled}
                />
              ))}

              <div className={css.actions}>
                <button type="button" className={button.secondary} disabled={busy || current === 0} onClick={() => move({ type: 'PREVIOUS' }, true)}>
                  {t('nav.previous')}
                </button>
                <button
                  type="button"
                  className={button.primary}
                  data-testid="ds160-next"
                  data-main-action
                  disabled={busy}
                  aria-busy={busy || undefined}
                  onClick={() => move({ type: 'NEXT' }, true)}
                >
                  {nextLabel}
                </button>
              </div>
            </section>
            {/* Opened from a resume link, the entry sits on top; otherwise below, out of a new applicant's way. */}
            {!leadId && !linkedCode && <ResumeEntry code={null} onRestore={bringBack} />}
          </div>
        </div>
      </div>
    </CountryOptionsProvider>
  );
}
