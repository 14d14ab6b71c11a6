import { createContext, memo, useContext, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COUNTRIES,
  isTicked,
  listRows,
  showsNoPhotoWarning,
  type Ds160Field,
  type Ds160FormValues,
  type Ds160ListId,
  type Ds160RowField,
  type Ds160SectionValues,
  type ValidationError,
} from '../../../machines/ds160Form.view';
import { useCountryOptions } from '../../components/countries';
import { button, errorText, input, label as labelClass, notice } from '../../styles/ui.css';
import * as css from './ds160Wizard.css';
import { useValidationMessage } from '../../app/validationMessage';
import { PhotoCheck } from './PhotoCheck';

/** A field's path in the machine's values and errors: 'firstName', or 'companions.0.firstName' for a list row's. */
export type FieldPath = string;

/** The DOM id of a field's input ('f-firstName', 'f-companions-0-firstName'); its error is `${id}-error`. */
export const fieldDomId = (path: FieldPath) => `f-${path.replace(/\./g, '-')}`;

type AnyField = Ds160Field | Ds160RowField;
type Change = (path: FieldPath, value: unknown) => void;

/** What the browser may fill a field with. */
const AUTOCOMPLETE: Record<string, string> = {
  firstName: 'given-name',
  middleName: 'additional-name',
  lastName: 'family-name',
  birthDate: 'bday',
  homeAddress: 'address-line1',
  homeCity: 'address-level2',
  homeState: 'address-level1',
  homePostalCode: 'postal-code',
  primaryPhone: 'tel',
  emailAddress: 'email',
};

/** Fields typed in capitals (spec 2-wizards §3.5: the passport number is forced to upper case). */
const UPPER_CASE = new Set(['passportNumber', 'lostPassportNumber']);

const INPUT_TYPE: Partial<Record<AnyField['kind'], string>> = { email: 'email', phone: 'tel', date: 'date' };

/** Every section's country selects share one sorted list of options, built once per language. */
const CountryOptions = createContext<ReactNode>(null);

export function CountryOptionsProvider({ children }: { children: ReactNode }) {
  const countries = useCountryOptions();
  const options = useMemo(
    () =>
      countries.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      )),
    [countries],
  );
  return <CountryOptions.Provider value={options}>{children}</CountryOptions.Provider>;
}

interface FieldProps {
  field: AnyField;
  path: FieldPath;
  value: unknown;
  error: ValidationError | undefined;
  required: boolean;
  disabled: boolean;
  onChange: Change;
}

/** One field: visible label, hint, the input of its kind, and its error tied to it for screen readers. */
const Field = memo(function Field({ field, path, value, error, required, disabled, onChange }: FieldProps) {
  const { t } = useTranslation('ds160form');
  const message = useValidationMessage();
  const countries = useContext(CountryOptions);
  const id = fieldDomId(path);
  const hintId = field.hintKey ? `${id}-hint` : '';
  const errorId = error ? `${id}-error` : '';
  const described = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const text = typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
  const labelText = (
    <>
      {t(field.labelKey)}
      {!required && <span className={css.optional}> {t('page.optional')}</span>}
    </>
  );
  const hint = field.hintKey ? (
    <p id={hintId} className={css.hint}>
      {t(field.hintKey)}
    </p>
  ) : null;
  const errorLine = error ? (
    <p id={errorId} className={errorText}>
      {message(error)}
    </p>
  ) : null;
  const common = {
    id,
    name: id,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    'aria-required': required || undefined,
  } as const;

  if (field.kind === 'yesno') {
    return (
      <fieldset
        className={css.choiceGroup}
        id={id}
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        aria-describedby={described}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        data-field={path}
      >
        <legend id={`${id}-label`} className={css.legend}>
          {labelText}
        </legend>
        {hint}
        <div className={css.choices}>
          {field.options?.map((o) => (
            <label key={o.value} className={css.choice}>
              <input
                type="radio"
                id={`${id}-${o.value}`}
                name={id}
                value={o.value}
                checked={text === o.value}
                disabled={disabled}
                onChange={() => onChange(path, o.value)}
              />
              {t(o.labelKey)}
            </label>
          ))}
        </div>
        {errorLine}
      </fieldset>
    );
  }

  if (field.kind === 'checkbox') {
    return (
      <div className={css.field} data-field={path}>
        <label className={css.checkRow} htmlFor={id}>
          <input {...common} type="checkbox" checked={isTicked(value)} onChange={(e) => onChange(path, e.target.checked)} />
          <span>{labelText}</span>
        </label>
        {hint}
        {errorLine}
      </div>
    );
  }

  let control: ReactNode;
  if (field.kind === 'select' || field.kind === 'country') {
    const fallback = typeof field.defaultValue === 'string' ? field.defaultValue : '';
    control = (
      <select {...common} className={input} value={text || fallback} onChange={(e) => onChange(path, e.target.value)}>
        {/* A field with a default (plan, salary currency) always has an answer; the others start unanswered. */}
        {!fallback && <option value="">{t('page.select')}</option>}
        {field.kind === 'country'
          ? countries
          : field.options?.map((o) => (
              <option key={o.value} value={o.value}>
                {t(o.labelKey)}
              </option>
            ))}
      </select>
    );
  } else if (field.kind === 'textarea') {
    control = (
      <textarea
        {...common}
        className={`${input} ${css.textarea}`}
        rows={4}
        maxLength={field.maxLength}
        value={text}
        onChange={(e) => onChange(path, e.target.value)}
      />
    );
  } else {
    const upper = UPPER_CASE.has(field.id);
    control = (
      <input
        {...common}
        className={upper ? `${input} ${css.upper}` : input}
        type={INPUT_TYPE[field.kind] ?? 'text'}
        inputMode={field.kind === 'number' ? (field.id === 'lostPassportYear' ? 'numeric' : 'decimal') : undefined}
        autoComplete={AUTOCOMPLETE[path] ?? (field.kind === 'date' ? undefined : 'off')}
        spellCheck={field.kind === 'text' && !upper ? undefined : false}
        maxLength={field.kind === 'date' ? undefined : field.maxLength}
        value={text}
        onChange={(e) => onChange(path, upper ? e.target.value.toUpperCase() : e.target.value)}
      />
    );
  }

  return (
    <div className={css.field} data-field={path}>
      <label className={labelClass} htmlFor={id}>
        {labelText}
      </label>
      {hint}
      {control}
      {errorLine}
    </div>
  );
});

interface ListProps {
  field: Ds160Field;
  rows: readonly Readonly<Record<string, unknown>>[];
  errors: Readonly<Record<string, ValidationError>>;
  disabled: boolean;
  onChange: Change;
  onAdd: (list: Ds160ListId) => void;
  onRemove: (list: Ds160ListId, index: number) => void;
}

/** A list (companions, U.S. visits): numbered row groups, each with its fields and Remove, then Add. */
function ListField({ field, rows, errors, disabled, onChange, onAdd, onRemove }: ListProps) {
  const { t } = useTranslation('ds160form');
  const message = useValidationMessage();
  const list = field.id as Ds160ListId;
  const id = fieldDomId(list);
  const error = errors[list];
  const full = rows.length >= (field.maxRows ?? Number.POSITIVE_INFINITY);
  const described = [field.hintKey ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={css.listGroup} role="group" aria-labelledby={`${id}-label`} data-field={list}>
      <div>
        <h3 id={`${id}-label`} className={css.subheading}>
          {t(field.labelKey)}
        </h3>
        {field.hintKey && (
          <p id={`${id}-hint`} className={css.hint}>
            {t(field.hintKey)}
          </p>
        )}
      </div>
      {rows.map((row, index) => {
        const n = index + 1;
        const legendId = `${id}-${index}-legend`;
        return (
          // Rows are numbered by position: removing one renumbers the rest, as the messages do.
          <fieldset key={index} className={css.rowGroup} aria-labelledby={legendId} data-row={index}>
            <legend id={legendId} className={css.rowLegend}>
              {field.rowTitleKey ? t(field.rowTitleKey, { n }) : n}
            </legend>
            <div className={css.rowFields}>
              {field.row?.map((rowField) => {
                const path = `${list}.${index}.${rowField.id}`;
                return (
                  <Field
                    key={rowField.id}
                    field={rowField}
                    path={path}
                    value={row[rowField.id]}
                    error={errors[path]}
                    required={rowField.required !== false}
                    disabled={disabled}
                    onChange={onChange}
                  />
                );
              })}
            </div>
            <div>
              <button
                type="button"
                className={button.secondary}
                id={`${id}-${index}-remove`}
                aria-describedby={legendId}
                disabled={disabled}
                onClick={() => onRemove(list, index)}
              >
                {field.removeRowKey ? t(field.removeRowKey) : '−'}
              </button>
            </div>
          </fieldset>
        );
      })}
      <div>
        <button
          type="button"
          className={button.secondary}
          id={`${id}-add`}
          // The list's own error ('Please add at least one travel companion') is read with the button that fixes it.
          aria-describedby={described}
          data-invalid={error ? true : undefined}
          disabled={disabled || full}
          onClick={() => onAdd(list)}
        >
          {field.addRowKey ? t(field.addRowKey) : '+'}
        </button>
        {error && (
          <p id={`${id}-error`} className={errorText}>
            {message(error)}
          </p>
        )}
      </div>
    </div>
  );
}

/** The official photo requirements, shown at the top of the photo step. */
function PhotoRequirements() {
  const { t } = useTranslation('ds160form');
  const items = ['format', 'fileSize', 'dimensions', 'printSize', 'head', 'recent', 'background'] as const;
  return (
    <div className={notice.info} role="group" aria-labelledby="ds160-photo-requirements">
      <h3 id="ds160-photo-requirements" className={css.subheading}>
        {t('photo.requirementsTitle')}
      </h3>
      <p className={css.hint}>{t('photo.intro')}</p>
      <ul className={css.requirements}>
        {items.map((item) => (
          <li key={item}>{t(`photo.requirements.${item}`)}</li>
        ))}
      </ul>
    </div>
  );
}

interface SectionFieldsProps {
  fields: readonly Ds160Field[];
  values: Ds160SectionValues;
  all: Ds160FormValues;
  errors: Readonly<Record<string, ValidationError>>;
  disabled: boolean;
  /** The lead a kept photo belongs to. */
  leadId: string | null;
  onChange: Change;
  onAdd: (list: Ds160ListId) => void;
  onRemove: (list: Ds160ListId, index: number) => void;
  /** The fields a group filled in for this traveller, as 'section.field', still as filled in (issue 36): each is marked. */
  prefilled?: ReadonlySet<string>;
}

/** The current section's visible fields, in order, as the machine's answers make them visible. */
export const SectionFields = memo(function SectionFields({ fields, values, all, errors, disabled, leadId, onChange, onAdd, onRemove, prefilled }: SectionFieldsProps) {
  const { t } = useTranslation('ds160form');
  const isPhotoStep = fields.some((f) => f.section === 'photo-submission');
  const requiredOf = (field: Ds160Field) =>
    typeof field.required === 'function' ? field.required(values, { ...all, [field.section]: values }) : field.required;
  return (
    <div className={css.fields}>
      {isPhotoStep && <PhotoRequirements />}
      {fields.map((field) => {
        let body: ReactNode;
        if (field.kind === 'list') {
          body = (
            <ListField
              field={field}
              rows={listRows(values[field.id])}
              errors={errors}
              disabled={disabled}
              onChange={onChange}
              onAdd={onAdd}
              onRemove={onRemove}
            />
          );
        } else if (field.kind === 'photo') {
          body = (
            <PhotoCheck
              field={field}
              photoId={typeof values[field.id] === 'string' ? (values[field.id] as string) : null}
              leadId={leadId}
              error={errors[field.id]}
              required={requiredOf(field)}
              disabled={disabled}
            />
          );
        } else {
          body = (
            <Field
              field={field}
              path={field.id}
              value={values[field.id]}
              error={errors[field.id]}
              required={requiredOf(field)}
              disabled={disabled}
              onChange={onChange}
            />
          );
        }
        return (
          <div key={field.id}>
            {body}
            {prefilled?.has(`${field.section}.${field.id}`) && (
              <p className={`${notice.info} ${css.afterField}`} data-testid="prefilled-note">
                {t('group:prefilled')}
              </p>
            )}
            {field.id === 'hasPhoto' && showsNoPhotoWarning(values) && (
              <p className={`${notice.warning} ${css.afterField}`} role="note" data-testid="ds160-no-photo-warning">
                {t('photo.noPhotoWarning')}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
});
