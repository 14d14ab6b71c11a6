import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

/** The theme's warning text on warningSoft is 4.44:1, under WCAG AA's 4.5:1 for small text; this is 6.3:1. */
const WARNING_ON_SOFT = '#7a5200';

/** The results page's root: the print rules below apply only while it is on screen. */
export const printRoot = style({});

/** Buttons and links that mean nothing on paper. */
export const noPrint = style({ '@media': { print: { display: 'none' } } });

// 'Download Summary' prints the page (spec 1-core §2.7): the site's header, footer and notifications stay off the
// paper, and the cards lose their shadows and are not cut across pages.
globalStyle(`body:has(${printRoot}) #root > header, body:has(${printRoot}) #root > footer, body:has(${printRoot}) #root > [role="region"]`, {
  '@media': { print: { display: 'none' } },
});
globalStyle(`body:has(${printRoot})`, { '@media': { print: { background: '#fff' } } });
globalStyle(`${printRoot} section`, { '@media': { print: { boxShadow: 'none', breakInside: 'avoid' } } });

export const columns = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: '1fr',
  '@media': { 'screen and (min-width: 800px)': { gridTemplateColumns: '1fr 1fr' } },
});

export const probability = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.lg });

const bigNumber = style({ fontSize: 'clamp(2.75rem, 10vw, 4rem)', fontWeight: 800, lineHeight: 1, margin: 0 });

/** Spec 1-core §2.7: green at 80 or more, yellow at 60 or more, otherwise red; the band is also written out. */
export const percent = styleVariants({
  high: [bigNumber, { color: vars.color.success }],
  medium: [bigNumber, { color: vars.color.warning }],
  low: [bigNumber, { color: vars.color.danger }],
});

const bandBase = style({
  display: 'inline-block',
  padding: '2px 10px',
  borderRadius: vars.radius.pill,
  fontWeight: 700,
  fontSize: vars.fontSize.sm,
});

export const band = styleVariants({
  high: [bandBase, { background: vars.color.successSoft, color: vars.color.success }],
  medium: [bandBase, { background: vars.color.warningSoft, color: WARNING_ON_SOFT }],
  low: [bandBase, { background: vars.color.dangerSoft, color: vars.color.danger }],
});

export const meter = style({ height: 10, borderRadius: vars.radius.pill, background: vars.color.surfaceAlt, overflow: 'hidden', border: `1px solid ${vars.color.border}` });
export const meterFill = styleVariants({
  high: { height: '100%', background: vars.color.success },
  medium: { height: '100%', background: vars.color.warning },
  low: { height: '100%', background: vars.color.danger },
});

export const factors = style({ margin: 0, paddingLeft: vars.space.lg, display: 'flex', flexDirection: 'column', gap: vars.space.sm });

export const estaBadge = styleVariants({
  eligible: [bandBase, { background: vars.color.successSoft, color: vars.color.success }],
  required: [bandBase, { background: vars.color.warningSoft, color: WARNING_ON_SOFT }],
});

export const cardHead = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });

export const source = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.fontSize.sm });
