import { style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const lines = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const line = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, paddingBottom: vars.space.md, borderBottom: `1px solid ${vars.color.border}` });
/** Name and price on one line; a long name wraps rather than pushing the price off a 375 px screen. */
export const lineHead = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: vars.space.sm, overflowWrap: 'anywhere' });
export const block = style({ display: 'block' });
export const settled = style({ margin: 0, paddingLeft: vars.space.lg });
export const totals = style({ margin: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs });
export const total = style({ display: 'flex', justifyContent: 'space-between', gap: vars.space.sm, margin: 0 });
export const charged = style({ fontWeight: 700, borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.xs });
/** A price never breaks inside ('79,99 US$'). */
export const price = style({ whiteSpace: 'nowrap' });
