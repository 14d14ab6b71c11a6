import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const lines = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm });
export const line = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.md });
// The label wraps (long words in French and Portuguese) so the amount beside it never leaves a phone's screen.
export const term = style({ margin: 0, minWidth: 0, flex: '1 1 auto', overflowWrap: 'anywhere' });
export const value = style({ margin: 0, fontWeight: 600, textAlign: 'right', whiteSpace: 'nowrap', flex: 'none' });
export const separate = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, display: 'block' });
export const totalLine = style([
  line,
  { borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.sm, fontSize: vars.fontSize.lg, fontWeight: 800 },
]);

export const headline = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: vars.space.sm, margin: 0 });
export const amount = style({ fontSize: vars.fontSize.xxl, fontWeight: 800, color: vars.color.brand });
export const parts = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

// The government's fees under a price: each with its official source, linked (issue 44).
export const sources = style({ margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: vars.space.xs, fontSize: vars.fontSize.sm });
export const sourcesCompact = style([sources, { color: vars.color.textMuted }]);
export const source = style({ overflowWrap: 'anywhere' });
