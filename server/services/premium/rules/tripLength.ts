import type { ApplicantFacts } from '../facts/index';
import { daysBetween } from '../numbers';
import { finding, type Finding } from './types';

/** The usual B-2 admission: six months. */
export const B2_ADMISSION_DAYS = 180;
/** An employee rarely gets more than a month away without saying how. */
export const USUAL_LEAVE_DAYS = 30;
/** Days before and after a course that still read as the course's trip (arriving early, a week of travel after). */
export const COURSE_SLACK_DAYS = 30;

/** The weekends either side of a span of leave: a stay this much longer (or a tenth longer, for months) still fits it. */
export const LEAVE_SLACK_DAYS = 2;

/** The leave that covers this trip: none when it is granted only in a month the trip does not start in. */
function leaveForTrip(f: ApplicantFacts): { days: number } | null {
  if (!f.leave) return null;
  if (f.leave.onlyMonth === undefined) return f.leave;
  const month = f.arrival ? Number(f.arrival.iso.slice(5, 7)) : undefined;
  return month === undefined || month === f.leave.onlyMonth ? null : { days: 0 };
}

/** Whether the stay was worked out from the dates rather than written. */
const fromDates = (f: ApplicantFacts) => Boolean(f.stay && f.departure && f.arrival && f.stay.source === f.departure.source && f.stay.days === daysBetween(f.arrival.iso, f.departure.iso));

/**
 * The trip's length against the leave an employee has, the course it is for, the six months a visitor is usually
 * admitted for, and the trip's own dates.
 */
export function tripLength(f: ApplicantFacts): Finding[] {
  const out: Finding[] = [];
  const stay = f.stay;
  if (!stay) return out;
  // Leave told at all is a job's: whoever has leave to take works for someone, unless they said otherwise.
  const employee = f.standing?.kind === 'employee' || (!f.standing && (Boolean(f.employer) || Boolean(f.leave)));
  const leave = leaveForTrip(f);
  if (employee && leave && stay.days > leave.days + Math.max(LEAVE_SLACK_DAYS, Math.round(leave.days * 0.1))) {
    out.push(finding('stayOverLeave', [{ fact: 'stay' }, { fact: 'leave' }], { stay: stay.days, leave: leave.days }));
  } else if (employee && !f.leave && stay.days > USUAL_LEAVE_DAYS) {
    out.push(finding('stayWithoutLeave', [{ fact: 'stay' }, { fact: f.employer ? 'employer' : 'standing' }], { stay: stay.days }));
  }
  if (f.course && stay.days > f.course.days + COURSE_SLACK_DAYS) {
    out.push(finding('stayOverCourse', [{ fact: 'course' }, { fact: 'stay' }], { stay: stay.days, course: f.course.days }));
  }
  const kinds = f.purpose?.kinds ?? [];
  const visitor = f.visaClass ? f.visaClass.kind === 'B' : kinds.length > 0 && kinds.every((k) => ['tourism', 'business', 'family', 'medical'].includes(k));
  if (visitor && stay.days > B2_ADMISSION_DAYS) {
    out.push(finding('stayOverAdmission', [{ fact: 'stay' }, { fact: f.visaClass ? 'visaClass' : 'purpose' }], { stay: stay.days, admission: B2_ADMISSION_DAYS }));
  }
  if (f.arrival && f.departure && !fromDates(f)) {
    const days = daysBetween(f.arrival.iso, f.departure.iso);
    if (days > 0 && Math.abs(days - stay.days) > Math.max(3, stay.days * 0.2)) {
      out.push(finding('datesDisagree', [{ fact: 'stay' }, { fact: 'departure' }], { stay: stay.days, dates: days }));
    }
  }
  return out;
}
