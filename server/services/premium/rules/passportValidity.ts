import type { ApplicantFacts } from '../facts/index';
import { addDays, addMonths } from '../numbers';
import { finding, type Finding } from './types';

/** Most nationalities need a passport valid six months beyond the stay. */
export const VALID_BEYOND_MONTHS = 6;

/** When the trip ends: the departure date, else the arrival plus the stay, else the arrival. */
export function tripEnd(f: ApplicantFacts): { iso: string; side: 'departure' | 'stay' | 'arrival' } | null {
  if (f.departure) return { iso: f.departure.iso, side: 'departure' };
  if (f.arrival && f.stay) return { iso: addDays(f.arrival.iso, f.stay.days), side: 'stay' };
  if (f.arrival) return { iso: f.arrival.iso, side: 'arrival' };
  return null;
}

/** The passport against the trip: expired before it ends, or not valid six months beyond it. */
export function passportValidity(f: ApplicantFacts): Finding[] {
  const expiry = f.passportExpiry?.iso;
  const end = tripEnd(f);
  if (!expiry || !end) return [];
  if (f.arrival && expiry <= f.arrival.iso) return [finding('passportBeforeTrip', [{ fact: 'passportExpiry' }, { fact: 'arrival' }])];
  if (expiry < end.iso) return [finding('passportBeforeTrip', [{ fact: 'passportExpiry' }, { fact: end.side }])];
  if (expiry < addMonths(end.iso, VALID_BEYOND_MONTHS)) return [finding('passportWithinSixMonths', [{ fact: 'passportExpiry' }, { fact: end.side }])];
  return [];
}
