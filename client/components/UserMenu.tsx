import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ROUTES } from '../../machines/domain/routes';
import { useSession } from '../app/AppContext';
import * as css from './layout.css';

/**
 * The header's account menu (spec 1-core §2.2): the account's e-mail (or 'Account') opening Dashboard and Sign
 * Out. Signed out, a Login link. Escape and a click elsewhere close it; focus returns to its button.
 */
export function UserMenu() {
  const { t } = useTranslation();
  const { account, checking, signOut } = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onClick = (event: MouseEvent) => !root.current?.contains(event.target as Node) && setOpen(false);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (checking) return null;
  if (!account) {
    return (
      <Link to={ROUTES.login} className={css.navLink} data-testid="header-login">
        {t('nav.login')}
      </Link>
    );
  }
  const label = account.email || t('account.menu');
  return (
    <div ref={root} className={css.userMenu}>
      {/* On a phone the e-mail is too long for the header's row: the button shows its first letter, and says it whole. */}
      <button
        ref={toggle}
        type="button"
        className={css.userMenuButton}
        aria-label={label}
        aria-expanded={open}
        aria-controls="user-menu-list"
        onClick={() => setOpen(!open)}
        data-testid="user-menu"
      >
        <span className={css.userInitial} aria-hidden="true">
          {label.charAt(0).toUpperCase()}
        </span>
        <span className={css.userName}>{label}</span>
      </button>
      {open && (
        <ul id="user-menu-list" className={css.userMenuList}>
          <li>
            <Link to={ROUTES.dashboard} className={css.userMenuItem} onClick={() => setOpen(false)}>
              {t('nav.dashboard')}
            </Link>
          </li>
          <li>
            <button
              type="button"
              className={css.userMenuItem}
              onClick={() => {
                setOpen(false);
                signOut();
                navigate(ROUTES.home);
              }}
            >
              {t('account.signOut')}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
