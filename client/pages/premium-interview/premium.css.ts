import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../../styles/theme.css';

export const textarea = style({
  width: '100%',
  minHeight: 120,
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  font: 'inherit',
  resize: 'vertical',
});
export const formData = style([textarea, { minHeight: 320, fontFamily: 'ui-monospace, monospace', fontSize: vars.fontSize.sm }]);
export const meta = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const question = style({ fontSize: vars.fontSize.xl, fontWeight: 700, margin: 0 });
export const percent = style({ fontSize: vars.fontSize.xxl, fontWeight: 800, color: vars.color.brand, margin: 0 });
export const summary = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.sm });

/** Not printed: the app's header, buttons and links around the analysis ('Print analysis' gives a clean page). */
export const noPrint = style({ '@media': { print: { display: 'none' } } });
globalStyle('header, nav', { '@media': { print: { display: 'none' } } });
globalStyle(`.${summary}`, { '@media': { print: { breakInside: 'avoid' } } });

export const voice = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.sm });
/** The recording indicator: red text on the page, a dot before it. */
export const rec = style({ color: vars.color.danger, fontWeight: 800, letterSpacing: '0.08em', '::before': { content: '"● "' } });
