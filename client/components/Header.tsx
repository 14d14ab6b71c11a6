import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { LANGUAGES, isLanguage } from '../../machines/domain/language';
import { ROUTES } from '../../machines/domain/routes';
import { useLanguage } from '../app/AppContext';
import { SITE_HEADER_ID } from '../app/reveal';
import { useSiteData } from '../app/siteData';
import { button, container } from '../styles/ui.css';
import { Dialog } from './Dialog';
import * as css from './layout.css';
import { UserMenu } from './UserMenu';

const NAV = [
  { to: ROUTES.home, key: 'nav.home' },
  { to: ROUTES.wizard, key: 'nav.wizard' },
  { to: ROUTES.aiChatSections, key: 'nav.aiChat' },
  { to: ROUTES.pricing, key: 'nav.pricing' },
] as const;

export function Header() {
  const { t } = useTranslation();
  const { language, change } = useLanguage();
  const { branding } = useSiteData();
  // Purely visual: the help note is open or not.
  const [helpOpen, setHelpOpen] = useState(false);

  return (
    <header id={SITE_HEADER_ID} className={css.header}>
      <div className={`${container} ${css.headerInner}`}>
        <Link to={ROUTES.home} className={css.logo}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {branding.brandName}
        </Link>
        <nav aria-label={t('nav.label')} className={css.nav}>
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} end className={css.navLink}>
              {t(item.key)}
            </NavLink>
          ))}
        </nav>
        <div className={css.tools}>
          <label className="visually-hidden" htmlFor="language-select">
            {t('language.label')}
          </label>
          <select
            id="language-select"
            className={css.select}
            value={language}
            onChange={(e) => isLanguage(e.target.value) && change(e.target.value)}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {t(`language.names.${code}`)}
              </option>
            ))}
          </select>
          <button type="button" className={css.iconButton} aria-label={t('help.open')} onClick={() => setHelpOpen(true)}>
            ?
          </button>
          <UserMenu />
        </div>
      </div>
      <Dialog open={helpOpen} labelledBy="help-title" onClose={() => setHelpOpen(false)} size="narrow">
        <h2 id="help-title">{t('help.title')}</h2>
        <p>{t('help.body')}</p>
        <p>{t('help.contact')}</p>
        <form method="dialog">
          <button type="submit" className={button.primary}>
            {t('help.close')}
          </button>
        </form>
      </Dialog>
    </header>
  );
}
