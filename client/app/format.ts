import { useMemo } from 'react';
import { useCountryName } from '../components/countries';
import { useLanguage } from './AppContext';

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A moment as the server writes it (ISO 8601); nothing else is read as a date. */
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * Dates, moments, numbers, durations and countries as the interface language writes them (Intl): the one place
 * pages turn a stored value into words (issue 34: ISO dates, 'Mexico' and '0.4 min' whatever the language).
 * What needs a translation (an option, a purpose) is client/app/answerFormat.ts's.
 */
export function useFormat() {
  const { language } = useLanguage();
  const country = useCountryName();
  return useMemo(() => {
    // A calendar day ('1990-05-20') is the same day everywhere; a moment is shown in the reader's time zone.
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' });
    const dayHere = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    const moment = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const numbers = new Intl.NumberFormat(language, { maximumFractionDigits: 1 });
    const percents = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 });
    const minuteUnit = new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'long', maximumFractionDigits: 1 });
    const secondUnit = new Intl.NumberFormat(language, { style: 'unit', unit: 'second', unitDisplay: 'long', maximumFractionDigits: 0 });
    const parsed = (iso: string) => {
      const at = MOMENT.test(iso) ? Date.parse(iso) : Number.NaN;
      return Number.isNaN(at) ? null : new Date(at);
    };
    return {
      language,
      country,
      /** A calendar day, or the day of a moment; anything else (a name, a number) as it came. */
      date: (iso: string) => (CALENDAR_DAY.test(iso) ? day.format(new Date(`${iso}T00:00:00Z`)) : ((d) => (d ? dayHere.format(d) : iso))(parsed(iso))),
      dateTime: (iso: string) => ((d) => (d ? moment.format(d) : iso))(parsed(iso)),
      number: (n: number) => numbers.format(n),
      /** A share given out of 100 ('12.5' → '12.5%', '12,5 %'). */
      percent: (n: number) => percents.format(n / 100),
      /** A length of time given in minutes: under one, in seconds ('24 seconds', not '0.4 min'). */
      minutes: (n: number) => (n < 1 ? secondUnit.format(Math.round(n * 60)) : minuteUnit.format(n)),
    };
  }, [language, country]);
}

export type Format = ReturnType<typeof useFormat>;
