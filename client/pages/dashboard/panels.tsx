import { useTranslation } from 'react-i18next';
import { LANGUAGES, isLanguage } from '../../../machines/dashboard.view';
import { useLanguage, useSession } from '../../app/AppContext';
import { heading, label, muted } from '../../styles/ui.css';
import { Meta } from './ApplicationItem';
import * as css from './dashboard.css';
import { ROLES } from './formats';

/** The account's e-mail and role (spec 1-core §2.8 Profile). */
export function ProfilePanel() {
  const { t } = useTranslation('account');
  const { account, checking } = useSession();
  return (
    <>
      <h2 id="panel-title" className={heading.section} tabIndex={-1}>
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

/** The interface language, kept for the next visit (spec 1-core §2.8 Settings). */
export function SettingsPanel() {
  const { t } = useTranslation(['account', 'common']);
  const { language, change } = useLanguage();
  return (
    <>
      <h2 id="panel-title" className={heading.section} tabIndex={-1}>
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

