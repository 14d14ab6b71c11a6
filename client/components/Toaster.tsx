import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
/** Spec 1-core §9: F8 moves focus to the toast; a swipe of 50 px to the right dismisses it. */
const TOAST_HOTKEY = 'F8';
const TOAST_SWIPE_THRESHOLD = 50;
import { useToastActor } from '../app/AppContext';
import * as css from './toaster.css';

/** Renders the toast machine's one visible toast; F8 focuses it, a swipe right of 50 px dismisses it. */
export function Toaster() {
  const actor = useToastActor();
  const toast = useSelector(actor, (s) => s.context.current);
  // A toast may name a namespace no page on screen has loaded (the header's sign-out on the landing page): it
  // waits for it rather than showing its key.
  const namespaces = ['common', ...new Set([toast?.title, toast?.description].flatMap((key) => (key?.includes(':') ? [key.split(':')[0] as string] : [])))];
  const { t, ready } = useTranslation(namespaces, { useSuspense: false });
  const region = useRef<HTMLDivElement>(null);
  const swipe = useRef<{ x: number; el: HTMLElement } | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === TOAST_HOTKEY) {
        e.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const dismiss = () => actor.send({ type: 'TOAST.DISMISS' });

  return (
    <div ref={region} className={css.viewport} tabIndex={-1} role="region" aria-label={t('toast.region', { hotkey: TOAST_HOTKEY })}>
      <div aria-live={toast?.variant === 'destructive' ? 'assertive' : 'polite'} aria-atomic="true">
        {toast && ready && (
          <div
            key={toast.id}
            role="status"
            data-variant={toast.variant}
            className={css.toast[toast.variant]}
            onPointerDown={(e) => {
              swipe.current = { x: e.clientX, el: e.currentTarget };
            }}
            onPointerMove={(e) => {
              const dx = swipe.current ? e.clientX - swipe.current.x : 0;
              if (swipe.current && dx > 0) swipe.current.el.style.transform = `translateX(${dx}px)`;
            }}
            onPointerUp={(e) => {
              const start = swipe.current;
              swipe.current = null;
              if (!start) return;
              if (e.clientX - start.x >= TOAST_SWIPE_THRESHOLD) dismiss();
              else start.el.style.transform = '';
            }}
          >
            <p className={css.title}>{t(toast.title, toast.params)}</p>
            {toast.description && <p className={css.description}>{t(toast.description, toast.params)}</p>}
            {toast.detail && <p className={css.description}>{toast.detail}</p>}
            <button type="button" className={css.close} aria-label={t('toast.close')} onClick={dismiss}>
              ×
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
