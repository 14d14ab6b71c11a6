import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

/** Below this width the navigation takes a row of its own under the logo and the tools. */
const WIDE = 'screen and (min-width: 900px)';

// Sticky where it is one short row. On a phone it is two or three rows, a quarter of the screen: it scrolls away
// with the page there, so a form's section is never read under it (issue 34).
export const header = style({
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  position: 'relative',
  zIndex: 10,
  '@media': { [WIDE]: { position: 'sticky', top: 0 } },
});

// Where the header stays on screen, whatever the browser scrolls into view (a focused field, a button clicked after
// Tab, a #link) stops below it, never under it (WCAG 2.4.11, focus not obscured).
globalStyle('html', { '@media': { [WIDE]: { scrollPaddingTop: 76 } } });

export const headerInner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 60,
  paddingTop: vars.space.sm,
  paddingBottom: vars.space.sm,
});

export const logo = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontWeight: 800,
  fontSize: vars.fontSize.lg,
  color: vars.color.brand,
  textDecoration: 'none',
  marginRight: 'auto',
  flexShrink: 0,
});

export const nav = style({
  display: 'flex',
  gap: vars.space.xs,
  order: 3,
  width: '100%',
  // Wraps rather than scrolls: a link hidden past a phone's edge is a link nobody finds.
  flexWrap: 'wrap',
  '@media': { [WIDE]: { order: 0, width: 'auto' } },
});

export const navLink = style({
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  fontWeight: 500,
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&[aria-current="page"]': { background: vars.color.brandSoft, color: vars.color.brand, fontWeight: 700 },
  },
});

// A basis of nothing: the tools stay on the logo's row and give way (the account's e-mail is cut short) rather than
// push the page wider than the phone.
// 'safe' and wrapping: tools wider than their room wrap onto a second line instead of spilling left over the logo
// (issue 45 item 12: the language select covered "Rumbo" on a 375 px phone in Spanish).
export const tools = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'safe flex-end', gap: vars.space.sm, flex: '1 1 0', minWidth: 0 });

export const select = style({
  flexShrink: 0,
  minHeight: 40,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

export const iconButton = style({
  flexShrink: 0,
  minWidth: 40,
  minHeight: 40,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.brand,
  fontWeight: 800,
  cursor: 'pointer',
});

// A full screen at least, so the footer starts below the fold: a page that arrives after the shell (lazy routes, data)
// then grows without moving anything the visitor can see (it was the landing page's whole layout shift).
export const main = style({ minHeight: '100vh' });

export const footer = style({
  borderTop: `1px solid ${vars.color.border}`,
  padding: `${vars.space.lg} 0`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  background: vars.color.surface,
});

export const userMenu = style({ position: 'relative', minWidth: 0, maxWidth: 200 });

export const userMenuButton = style([
  {
    display: 'block',
    minHeight: 40,
    minWidth: 40,
    maxWidth: '100%',
    padding: `0 ${vars.space.sm}`,
    borderRadius: vars.radius.pill,
    border: `1px solid ${vars.color.border}`,
    background: vars.color.surface,
    color: vars.color.text,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
  },
]);

const PHONE = 'screen and (max-width: 599.98px)';

export const userInitial = style({ display: 'none', fontWeight: 700, '@media': { [PHONE]: { display: 'inline' } } });

export const userName = style({ '@media': { [PHONE]: { display: 'none' } } });

export const userMenuList = style({
  position: 'absolute',
  right: 0,
  top: 'calc(100% + 4px)',
  minWidth: 200,
  margin: 0,
  padding: vars.space.xs,
  listStyle: 'none',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.raised,
  zIndex: 20,
});

export const userMenuItem = style({
  display: 'block',
  width: '100%',
  padding: vars.space.sm,
  border: 'none',
  background: 'none',
  textAlign: 'left',
  color: vars.color.text,
  textDecoration: 'none',
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  selectors: { '&:hover, &:focus-visible': { background: vars.color.surfaceAlt } },
});
