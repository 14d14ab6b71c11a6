import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useToastActor } from '../app/AppContext';
import { toastSpot, type Spot } from '../../machines/toast.view';
import { SITE_HEADER_ID } from '../app/reveal';
import * as css from './toaster.css';

/** Spec 1-core §9: F8 moves focus to the toast; a swipe of 50 px to the right dismisses it. */
const TOAST_HOTKEY = 'F8';
const TOAST_SWIPE_THRESHOLD = 50;
/** The toast's distance from the window's edges (vars.space.md). */
const MARGIN = 16;

/** Every control a person may press; the page's main button is also marked `data-main-action`. */
const CONTROLS = 'a[href], button, input, select, textarea, [role="button"]';

const boxesOf = (selector: string, toast: HTMLElement) =>
  [...document.querySelectorAll<HTMLElement>(selector)]
    .filter((el) => !toast.contains(el))
    .map((el) => el.getBoundingClientRect())
    .filter((r) => r.width > 0 && r.height > 0);

/** The page's boxes as the placement rule (machines/domain/toastSpot.ts) reads them. */
function spotFor(toast: HTMLElement): Spot {
  const { width, height } = toast.getBoundingClientRect();
  const room = {
    width,
    height,
    windowWidth: document.documentElement.clientWidth,
    windowHeight: window.innerHeight,
    covered: Math.max(0, document.getElementById(SITE_HEADER_ID)?.getBoundingClientRect().bottom ?? 0),
    margin: MARGIN,
  };
  return toastSpot(room, boxesOf('[data-main-action]', toast), boxesOf(CONTROLS, toast));
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
