import { style } from '@vanilla-extract/css';
import { vars } from '../styles/theme.css';

export const hint = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: `${vars.space.xs} 0 0` });
