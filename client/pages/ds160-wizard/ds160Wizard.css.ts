import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** The page's breakpoint (spec 2-wizards §2.4): the sidebar from 900 px, the compact section picker below. */
const WIDE = 'screen and (min-width: 900px)';
const NARROW = 'screen and (max-width: 899.98px)';

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'flex-start',
  gap: vars.space.md,
});

export const pageTitle = style({ fontSize: vars.fontSize.xl, margin: `0 0 ${vars.space.xs}` });

export const headerLinks = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const layout = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': { [WIDE]: { gridTemplateColumns: '260px minmax(0, 1fr)' } },
});

export const main = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 });

/**
 * A section drawn beside the shown one (the next, built ahead; the one just left, until the browser is idle), and
 * skipped: `content-visibility: hidden` keeps it out of sight, of focus and of screen readers, and showing it is a
 * change to this element alone. Hiding it with `visibility` or `inert`, which its contents inherit, made the
 * browser restyle every one of them on Next (15-30 ms on a slow phone). Its size is nil, so the margin takes back
 * the gap of `main` it stands in.
 */
export const offstage = style({
  contentVisibility: 'hidden',
  marginTop: `calc(-1 * ${vars.space.md})`,
  // Safari before 18 has no content-visibility: there it is simply not displayed, and shown as it was before.
  '@supports': { 'not (content-visibility: hidden)': { display: 'none' } },
});

// ---- Sidebar (large screens) and picker (phones)

// Each sets its own display (not combined with the shared `stack`), so no rule order between files decides it.
export const sidebar = style({
  display: 'none',
  flexDirection: 'column',
  gap: vars.space.md,
  '@media': { [WIDE]: { display: 'flex', alignSelf: 'start', position: 'sticky', top: vars.space.md } },
});

export const picker = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  '@media': { [WIDE]: { display: 'none' } },
});

export const progress = style({ display: 'flex', flexDirection: 'column', gap: 6 });

export const sideList = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space.xs });

export const sideButton = style({
  display: 'flex',
  width: '100%',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  minHeight: 44,
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: '1px solid transparent',
  borderRadius: vars.radius.md,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { borderColor: vars.color.border },
    '&[aria-current="step"]': { background: vars.color.brandSoft, color: vars.color.brand, fontWeight: 700 },
    '&[data-done="true"]:not([aria-current="step"])': { color: vars.color.success },
    '&:disabled': { cursor: 'not-allowed' },
  },
});

export const sideNumber = style({ color: vars.color.textMuted, marginInlineEnd: vars.space.xs });

export const tick = style({ flex: 'none', fontWeight: 700 });

export const count = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, fontWeight: 600, margin: 0 });

// The same progress bar as the question wizards'.
export { progressTrack } from '../../components/wizard/wizard.css';

// ---- Section

export const sectionHead = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs });

export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: 0, outline: 'none' });

export const description = style({ color: vars.color.textMuted, margin: 0 });

export const fields = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, border: 'none', padding: 0, margin: 0 });

export const field = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: `0 0 ${vars.space.xs}` });

export const optional = style({ color: vars.color.textMuted, fontWeight: 400, fontSize: vars.fontSize.sm });

export const textarea = style({ minHeight: 110, resize: 'vertical' });

export const upper = style({ textTransform: 'uppercase' });

/** A Yes/No group: the question as the legend, the two answers side by side. */
export const choiceGroup = style({ border: 'none', padding: 0, margin: 0, minWidth: 0 });

export const subheading = style({ fontSize: vars.fontSize.md, fontWeight: 700, margin: 0 });

export const afterField = style({ marginTop: vars.space.sm });

export const legend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space.xs });

export const choices = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const choice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  minHeight: 44,
  minWidth: 110,
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: 'pointer',
  selectors: { '&:has(input:checked)': { borderColor: vars.color.brand, background: vars.color.brandSoft } },
});

export const checkRow = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  fontWeight: 600,
  cursor: 'pointer',
});

globalStyle(`${checkRow} input`, { width: 20, height: 20, marginTop: 2, flex: 'none' });

// ---- Lists (companions, U.S. visits)

export const listGroup = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });

export const rowGroup = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  margin: 0,
  minWidth: 0,
});

export const rowLegend = style({ fontWeight: 700, padding: `0 ${vars.space.xs}` });

export const rowFields = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))',
});

// ---- Photo

export const photoBox = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'flex-start' });

export const preview = style({
  width: 160,
  height: 160,
  // The whole photo, as it is: a wide one shows wide, so before and after compare honestly.
  objectFit: 'contain',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
});

export const figure = style({ margin: 0, display: 'grid', gap: vars.space.xs, justifyItems: 'center', fontSize: vars.fontSize.sm });

export const compare = style({ display: 'grid', gap: vars.space.md, marginTop: vars.space.md });

export const working = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, margin: `${vars.space.sm} 0` });

export const score = style({
  fontWeight: 700,
  selectors: {
    '&[data-band="good"]': { color: vars.color.success },
    '&[data-band="fair"]': { color: vars.color.warning },
    '&[data-band="poor"]': { color: vars.color.danger },
  },
});

export const fileInput = style({ maxWidth: '100%', padding: `${vars.space.sm} 0` });

export const requirements = style({ margin: 0, paddingInlineStart: vars.space.lg });

// ---- Actions, save indicator, panels

export const actions = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  paddingTop: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
  '@media': { [NARROW]: { flexDirection: 'column-reverse', alignItems: 'stretch' } },
});

export const saveBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: vars.space.sm,
  minHeight: 32,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});

export const saveState = style({
  selectors: {
    '&[data-state="failed"]': { color: vars.color.danger, fontWeight: 600 },
    '&[data-state="saved"]': { color: vars.color.success },
  },
});

export const smallButton = style({ minHeight: 32, padding: `0 ${vars.space.md}` });

export const panel = style({ outline: 'none' });

export const panelTitle = style({ fontSize: vars.fontSize.lg, margin: 0 });

export const benefits = style({ margin: 0, paddingInlineStart: vars.space.lg, display: 'grid', gap: vars.space.xs });

export const lines = style({ display: 'grid', gap: vars.space.sm, margin: 0 });

export const line = style({
  display: 'flex',
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  paddingBottom: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});

globalStyle(`${lines} dd`, { margin: 0, fontWeight: 600, textAlign: 'end' });

// ---- Resume on any device

export const resumeCode = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: vars.fontSize.lg, letterSpacing: '0.1em' });

export const breakAll = style({ overflowWrap: 'anywhere' });

export const resumeEntry = style({ display: 'grid', gap: vars.space.md });

export const resumeFields = style({ display: 'grid', gap: vars.space.md, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 220px), 1fr))' });
