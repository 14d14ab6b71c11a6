import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const tabList = style({
  display: 'grid',
  gridTemplateColumns: '1fr 1fr',
  gap: vars.space.xs,
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
});

export const tab = style({
  minHeight: 44,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.surface, color: vars.color.brand, boxShadow: vars.shadow.card },
    '&[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.55 },
  },
});

export const divider = style({ border: 'none', borderTop: `1px solid ${vars.color.border}`, margin: `${vars.space.sm} 0` });


/** Forgot your password and the sign-in link, under the sign-in form: each its own line, a tap target on a phone. */
export const recovery = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.sm,
});

globalStyle(`${recovery} > a`, { minHeight: 24, display: 'inline-flex', alignItems: 'center' });
