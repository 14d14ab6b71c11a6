import { Type, type Static } from 'typebox';

const Day = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });

/**
 * GET /api/figures: what the marketing pages may claim, each computed from Rumbo's own data over a stated period;
 * a figure with too few applications behind it is null, and the page says nothing rather than a number.
 */
export const SiteFiguresSchema = Type.Object({
  periodDays: Type.Integer({ description: 'The period the figures cover: that many whole UTC days, ending yesterday' }),
  from: Day('First day of the period'),
  to: Day('Last day of the period'),
  minimumSample: Type.Integer({ description: 'A figure is stated only when at least this many applications are behind it' }),
  applicationsPrepared: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'Applications whose form was completed in the period' }),
  medianMinutes: Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description: "Half of those took this many minutes or less from start to completed form" }),
});
export type SiteFiguresDto = Static<typeof SiteFiguresSchema>;
