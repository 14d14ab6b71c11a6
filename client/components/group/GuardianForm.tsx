import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { guardianChoices, GUARDIAN_ROLES, type TravellerGroupRef } from '../../../machines/travellerGroup.view';
import { button, input, label, muted, row, small, stack } from '../../styles/ui.css';
import { TextField } from '../TextField';
import { describedBy, Labelled, messageKey } from './fields';

/** A minor's parent or guardian (issue 36): one of the group's adults, or someone else by name, with their role. */
export function GuardianForm({ group }: { group: TravellerGroupRef }) {
  const { t } = useTranslation('group');
  const open = useSelector(group, (s) => s.matches('guardian'));
  const busy = useSelector(group, (s) => s.hasTag('busy'));
  const minorRow = useSelector(group, (s) => s.context.group?.travellers.find((x) => x.leadId === s.context.guardianFor));
  const minor = minorRow ? minorRow.name || t('panel.unnamed', { n: minorRow.position + 1 }) : '';
  const choices = useSelector(group, (s) => guardianChoices(s.context));
  const draft = useSelector(group, (s) => s.context.guardianDraft);
  const errors = useSelector(group, (s) => s.context.guardianErrors);
  // Opened (from the panel, or from the checkout's link), the form comes into view and takes focus: on a phone it
  // opens below the traveller's questions.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!open) return;
    form.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    form.current?.querySelector<HTMLSelectElement>('#guardian-who')?.focus({ preventScroll: true });
  }, [open]);
  if (!open) return null;
  const change = (field: 'name' | 'role') => (value: string) => group.send({ type: 'GUARDIAN.CHANGE', field, value });
  const picked = choices.find((c) => c.leadId === draft.leadId)?.position;
  return (
    <form
      ref={form}
      className={stack}
      aria-labelledby="guardian-title"
      noValidate
      data-testid="guardian-form"
      onSubmit={(e) => {
        e.preventDefault();
        group.send({ type: 'GUARDIAN.SUBMIT' });
      }}
    >
      <h3 id="guardian-title" className={label}>
        {t('guardian.title', { name: minor })}
      </h3>
      <p className={`${muted} ${small}`}>{t('guardian.hint')}</p>
      <Labelled id="guardian-who" text={t('guardian.who')} error={undefined}>
        <select
          id="guardian-who"
          className={input}
          value={picked === undefined ? '' : String(picked)}
          onChange={(e) => group.send({ type: 'GUARDIAN.PICK', position: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <option value="">{t('guardian.someoneElse')}</option>
          {choices.map((c) => (
            <option key={c.leadId} value={String(c.position)}>
              {c.name || t('panel.unnamed', { n: c.position + 1 })}
            </option>
          ))}
        </select>
      </Labelled>
      {draft.leadId === '' && (
        <TextField id="guardian-name" label={t('guardian.name')} type="text" autoComplete="off" value={draft.name} error={errors.name} busy={busy} onChange={change('name')} />
      )}
      <Labelled id="guardian-role" text={t('guardian.role')} error={errors.role && t(messageKey(errors.role.key))}>
        <select id="guardian-role" className={input} value={draft.role} {...describedBy('guardian-role', errors.role)} onChange={(e) => change('role')(e.target.value)}>
          <option value="">{t('add.choose')}</option>
          {GUARDIAN_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`guardian.roles.${r}`)}
            </option>
          ))}
        </select>
      </Labelled>
      <div className={row}>
        <button type="submit" className={button.primary} disabled={busy}>
          {busy ? t('guardian.saving') : t('guardian.save', { name: minor })}
        </button>
        <button type="button" className={button.ghost} onClick={() => group.send({ type: 'GUARDIAN.CANCEL' })}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
