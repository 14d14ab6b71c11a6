import { createVar, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

/** How far from the top a toast shown at the top sits: below the header, when the header stays on screen. */
export const topOffset = createVar();

const viewportBase = style({
  position: 'fixed',
  right: vars.space.md,
  left: vars.space.md,
  zIndex: 100,
  display: 'flex',
  justifyContent: 'flex-end',
  pointerEvents: 'none',
  outline: 'none',
});

/** Bottom right, unless that would cover the page's main button: then at the top (client/components/Toaster.tsx). */
export const viewport = styleVariants({
  bottom: [viewportBase, { bottom: vars.space.md }],
  top: [viewportBase, { top: topOffset, vars: { [topOffset]: vars.space.md } }],
});

const toastBase = style({
  pointerEvents: 'auto',
  width: 'min(100%, 380px)',
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  paddingRight: vars.space.xl,
  boxShadow: vars.shadow.raised,
  position: 'relative',
  touchAction: 'pan-y',
  transition: 'transform .15s ease-out',
});

export const toast = styleVariants({
  default: [toastBase, { background: vars.color.surface, border: `1px solid ${vars.color.border}`, color: vars.color.text }],
  destructive: [toastBase, { background: vars.color.danger, color: vars.color.onBrand }],
});

export const title = style({ fontWeight: 700, margin: 0 });
export const description = style({ margin: `${vars.space.xs} 0 0`, fontSize: vars.fontSize.sm });
export const close = style({
  position: 'absolute',
  top: vars.space.sm,
  right: vars.space.sm,
  background: 'transparent',
  border: 'none',
  color: 'inherit',
  fontSize: vars.fontSize.lg,
  cursor: 'pointer',
  lineHeight: 1,
});
