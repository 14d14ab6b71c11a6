import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useToastActor } from '../app/AppContext';
import { SITE_HEADER_ID } from '../app/reveal';
import * as css from './toaster.css';

/** Spec 1-core §9: F8 moves focus to the toast; a swipe of 50 px to the right dismisses it. */
const TOAST_HOTKEY = 'F8';
const TOAST_SWIPE_THRESHOLD = 50;
/** The toast's distance from the window's edges (vars.space.md). */
const MARGIN = 16;

interface Spot {
  place: 'bottom' | 'top';
  /** Where a toast at the top starts: below the header when the header stays on screen. */
  top: number;
}

type Box = Pick<DOMRect, 'left' | 'right' | 'top' | 'bottom'>;
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/**
 * Bottom right, or at the top when the bottom would cover the page's main button (`data-main-action`: Pay, Next),
 * whichever covers less of it: a click on Pay must reach Pay, not a toast (issue 34).
 */
function spotFor(toast: HTMLElement): Spot {
  const { width, height } = toast.getBoundingClientRect();
  const windowWidth = document.documentElement.clientWidth;
  const windowHeight = window.innerHeight;
  const covered = Math.max(0, document.getElementById(SITE_HEADER_ID)?.getBoundingClientRect().bottom ?? 0);
  const right = windowWidth - MARGIN;
  const top = covered + MARGIN;
  const bottom = { left: right - width, right, top: windowHeight - MARGIN - height, bottom: windowHeight - MARGIN };
  const above = { left: right - width, right, top, bottom: top + height };
  const actions = [...document.querySelectorAll('[data-main-action]')].map((el) => el.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
  const covering = (box: Box) => actions.reduce((sum, action) => sum + overlap(box, action), 0);
  return { place: covering(bottom) <= covering(above) ? 'bottom' : 'top', top };
}

/** Renders the toast machine's one visible toast; F8 focuses it, a swipe right of 50 px dismisses it. */
export function Toaster() {
  const actor = useToastActor();
  const toast = useSelector(actor, (s) => s.context.current);
  // A toast may name a namespace no page on screen has loaded (the header's sign-out on the landing page): it
  // waits for it rather than showing its key.
  const namespaces = ['common', ...new Set([toast?.title, toast?.description].flatMap((key) => (key?.includes(':') ? [key.split(':')[0] as string] : [])))];
  const { t, ready } = useTranslation(namespaces, { useSuspense: false });
  const region = useRef<HTMLDivElement>(null);
  const shown = useRef<HTMLDivElement>(null);
  const swipe = useRef<{ x: number; el: HTMLElement } | null>(null);
  const [spot, setSpot] = useState<Spot>({ place: 'bottom', top: MARGIN });

  // Placed before it is painted, and again while it shows if the page scrolls or the window changes under it.
  const visible = Boolean(toast && ready);
  useLayoutEffect(() => {
    if (!visible) return;
    let frame = 0;
    const place = () => {
      frame = 0;
      const el = shown.current;
      if (!el) return;
      const next = spotFor(el);
      setSpot((now) => (now.place === next.place && now.top === next.top ? now : next));
    };
    const soon = () => {
      frame ||= requestAnimationFrame(place);
    };
    place();
    window.addEventListener('scroll', soon, { passive: true, capture: true });
    window.addEventListener('resize', soon);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', soon, { capture: true });
      window.removeEventListener('resize', soon);
    };
  }, [visible, toast?.id]);

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
    <div
      ref={region}
      className={css.viewport[spot.place]}
      style={spot.place === 'top' ? ({ [css.topOffset.slice(4, -1)]: `${spot.top}px` } as CSSProperties) : undefined}
      tabIndex={-1}
      role="region"
      aria-label={t('toast.region', { hotkey: TOAST_HOTKEY })}
    >
      <div aria-live={toast?.variant === 'destructive' ? 'assertive' : 'polite'} aria-atomic="true">
        {toast && ready && (
          <div
            key={toast.id}
            ref={shown}
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
