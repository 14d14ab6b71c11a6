import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { photoCheckFlow } from '../../../machines/ds160Form.view';
import { PHOTO_ACCEPT, photoViewOf, scoreBand, type Ds160Field, type PhotoAnalysis, type PhotoFile, type ValidationError } from '../../../machines/photoCheck.view';
import { useFlow } from '../../app/useFlow';
import { button, errorText, label as labelClass, notice, row as rowClass, spinner } from '../../styles/ui.css';
import * as css from './ds160Wizard.css';
import { useValidationMessage } from '../../app/validationMessage';

/** Browsers that cannot draw HEIC show a note instead of a broken preview. */
const NO_PREVIEW_TYPES = /^image\/hei[cf]$/i;


const FAILURE_KEYS = {
  analyze: 'ds160form:toasts.photoFailed',
  fix: 'ds160form:photo.fix.failed',
  store: 'ds160page:photo.storeFailed',
  heic: 'ds160page:photo.heic',
  unreadable: 'ds160form:validation.photoFile.type',
} as const;

export interface PhotoCheckProps {
  field: Ds160Field;
  /** The form's photoId: the photo kept with the application, if any. */
  photoId: string | null;
  leadId: string | null;
  error: ValidationError | undefined;
  required: boolean;
  disabled: boolean;
}

/** A picked file's preview address, released when the file is replaced or the step is left. */
function usePreview(file: PhotoFile | null): string | null {
  const url = useMemo(() => (file instanceof Blob && !NO_PREVIEW_TYPES.test(file.type) ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * The photo step's picker, check and fix (spec 2-wizards §3.8, §4.7; issue 11), drawn from the photoCheck
 * machine: pick (checked here for type and size), 'Check my photo', the score with its issues and requirement
 * rows, 'Fix my photo' with before and after, and the version kept with the application.
 */
export function PhotoCheck({ field, photoId, leadId, error, required, disabled }: PhotoCheckProps) {
  const { t } = useTranslation(['ds160form', 'ds160page']);
  const message = useValidationMessage();
  // The photo kept is handed to the form's field by the flow itself.
  const ref = useFlow(photoCheckFlow, { photoId, leadId, field: field.id });
  const view = useSelector(ref, photoViewOf, shallowEqual);
  const { file, problem, analysis, fixed, failure } = view.context;
  const { busy } = view;
  const preview = usePreview(file);
  const fileInput = useRef<HTMLInputElement>(null);

  const id = `f-${field.id}`;
  const shown = problem ?? (view.kept ? null : (error ?? null));
  const hintId = field.hintKey ? `${id}-hint` : '';
  const described = [hintId, shown ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const choose = () => fileInput.current?.click();
  const working = view.working && { analysing: 'photo.analysing', fixing: 'photo.fix.working', storing: 'ds160page:photo.storing' }[view.working];

  return (
    <div className={css.field} data-field={field.id} data-testid="ds160-photo" data-state={view.state}>
      <label className={labelClass} htmlFor={id}>
        {t(field.labelKey)}
        {!required && <span className={css.optional}> {t('page.optional')}</span>}
      </label>
      {field.hintKey && (
        <p id={hintId} className={css.hint}>
          {t(field.hintKey)}
        </p>
      )}
      <input
        ref={fileInput}
        id={id}
        name={id}
        type="file"
        className={css.fileInput}
        accept={PHOTO_ACCEPT}
        disabled={disabled || busy}
        aria-invalid={shown ? true : undefined}
        aria-describedby={described}
        aria-required={required || undefined}
        onChange={(e) => {
          const picked = e.target.files?.[0];
          if (picked) ref.send({ type: 'PICK', file: picked });
          // The same file may be picked again after a removal or a refusal.
          e.target.value = '';
        }}
      />
      {shown && (
        <p id={`${id}-error`} className={errorText} role={problem ? 'alert' : undefined}>
          {message(shown)}
        </p>
      )}

      {(file || photoId) && (
        <div className={css.photoBox} data-testid="ds160-photo-preview">
          {view.kept && !file && photoId ? (
            <img src={`/api/photos/${encodeURIComponent(photoId)}`} alt={t('photo.previewAlt')} className={css.preview} />
          ) : preview ? (
            <img src={preview} alt={t('photo.previewAlt')} className={css.preview} />
          ) : (
            file && <p className={notice.info}>{t('ds160page:photo.previewUnavailable', { name: file.name })}</p>
          )}
          <div className={rowClass}>
            <button type="button" className={button.secondary} disabled={disabled || busy} onClick={choose}>
              {t('photo.change')}
            </button>
            <button
              type="button"
              className={button.secondary}
              disabled={disabled || busy}
              onClick={() => {
                ref.send({ type: 'REMOVE' });
                fileInput.current?.focus();
              }}
            >
              {t('photo.remove')}
            </button>
            {view.picked && (
              <button type="button" className={button.primary} disabled={disabled} data-testid="ds160-photo-check" onClick={() => ref.send({ type: 'ANALYZE' })}>
                {t('photo.check')}
              </button>
            )}
          </div>
        </div>
      )}

      <div aria-live="polite">
        {working && (
          <p className={css.working} role="status">
            <span className={spinner} aria-hidden="true" /> {t(working)}
          </p>
        )}
        {failure && !busy && (
          <p className={notice.warning} data-testid="ds160-photo-failure">
            {t(FAILURE_KEYS[failure])}
          </p>
        )}
        {view.kept && (
          <p className={notice.success} data-testid="ds160-photo-kept">
            {t('ds160page:photo.kept')}
          </p>
        )}
      </div>

      {analysis && (view.analysed || view.working === 'fixing') && (
        <>
          <AnalysisReport analysis={analysis} headingId={`${id}-report`} />
          <div className={rowClass}>
            <button type="button" className={analysis.isValid ? button.primary : button.secondary} disabled={disabled || busy} data-testid="ds160-photo-use" onClick={() => ref.send({ type: 'CHOOSE', version: 'original' })}>
              {t('ds160page:photo.use')}
            </button>
            <button type="button" className={analysis.isValid ? button.secondary : button.primary} disabled={disabled || busy} data-testid="ds160-photo-fix" onClick={() => ref.send({ type: 'FIX' })}>
              {t('photo.fix.button')}
            </button>
          </div>
        </>
      )}

      {fixed && analysis && (view.comparing || (view.working === 'storing' && fixed)) && (
        <section className={css.compare} aria-labelledby={`${id}-compare`} data-testid="ds160-photo-compare">
          <h3 id={`${id}-compare`} className={css.subheading}>
            {t('ds160page:photo.compareTitle')}
          </h3>
          <div className={css.photoBox}>
            <figure className={css.figure}>
              {preview ? <img src={preview} alt={t('photo.fix.before')} className={css.preview} /> : <div className={css.preview} />}
              <figcaption>
                {t('photo.fix.before')} · <Score score={analysis.overallScore} />
              </figcaption>
            </figure>
            <figure className={css.figure}>
              <img src={fixed.imageData} alt={t('photo.fix.after')} className={css.preview} />
              <figcaption>
                {t('photo.fix.after')} · <Score score={fixed.analysis.overallScore} />
              </figcaption>
            </figure>
          </div>
          {fixed.changes.length > 0 ? (
            <ul className={css.requirements}>
              {fixed.changes.map((change) => (
                <li key={change.type}>{t(`ds160page:photo.changes.${change.type}`)}</li>
              ))}
            </ul>
          ) : (
            <p className={notice.info}>{t('ds160page:photo.noChanges')}</p>
          )}
          <div className={rowClass}>
            <button type="button" className={button.primary} disabled={disabled || busy} data-testid="ds160-photo-use-fixed" onClick={() => ref.send({ type: 'CHOOSE', version: 'fixed' })}>
              {t('photo.fix.useFixed')}
            </button>
            <button type="button" className={button.secondary} disabled={disabled || busy} onClick={() => ref.send({ type: 'CHOOSE', version: 'original' })}>
              {t('photo.fix.keepOriginal')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}

function Score({ score }: { score: number }) {
  const { t } = useTranslation('ds160form');
  return (
    <span className={css.score} data-band={scoreBand(score)} data-testid="ds160-photo-score">
      {t('photo.result.score', { score })}
    </span>
  );
}

/** The check's result: score, recommendation, each issue with its suggestion, and the requirement rows. */
function AnalysisReport({ analysis, headingId }: { analysis: PhotoAnalysis; headingId: string }) {
  const { t } = useTranslation(['ds160form', 'ds160page']);
  const recommendation = { approve: 'approve', 'needs review': 'needsReview', reject: 'reject' }[analysis.recommendation];
  return (
    <section className={analysis.isValid ? notice.success : notice.warning} aria-labelledby={headingId} data-testid="ds160-photo-report">
      <h3 id={headingId} className={css.subheading}>
        {t('photo.result.title')}: <Score score={analysis.overallScore} />
      </h3>
      <p>{t(analysis.isValid ? 'photo.result.valid' : 'photo.result.invalid')}</p>
      <p>
        {t('photo.result.recommendationLabel')}: <strong>{t(`photo.result.recommendation.${recommendation}`)}</strong>
      </p>
      {analysis.issues.length > 0 && (
        <>
          <h4 className={css.subheading}>{t('photo.result.issues')}</h4>
          <ul className={css.requirements}>
            {analysis.issues.map((issue) => (
              <li key={issue.type} data-severity={issue.severity}>
                <strong>{t(`photo.result.severity.${issue.severity}`)}:</strong> {t(`ds160page:photo.issues.${issue.type}`)}{' '}
                <span className={css.hint}>
                  {t('photo.result.suggestion')}: {t(`ds160page:photo.suggestions.${issue.type}`)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <h4 className={css.subheading}>{t('photo.result.requirements')}</h4>
      <ul className={css.requirements}>
        {analysis.requirements.map((row) => (
          <li key={row.id} data-passed={row.passed}>
            {t(`ds160page:photo.requirementRows.${row.id}`)}:{' '}
            <strong>{row.checked ? t(row.passed ? 'photo.result.passed' : 'photo.result.failed') : t('photo.result.notChecked')}</strong>
            {row.checked && <span className={css.hint}> ({t('photo.result.confidence', { percent: row.confidence })})</span>}
          </li>
        ))}
      </ul>
      {analysis.requirements.some((row) => row.id === 'face' && !row.checked) && <p>{t('photo.result.faceNotChecked')}</p>}
    </section>
  );
}
