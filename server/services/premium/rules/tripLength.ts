import type { ApplicantFacts } from '../facts/index';
import { daysBetween } from '../numbers';
import { finding, type Finding } from './types';

/** The usual B-2 admission: six months. */
export const B2_ADMISSION_DAYS = 180;
/** An employee rarely gets more than a month away without saying how. */
export const USUAL_LEAVE_DAYS = 30;
/** Days before and after a course that still read as the course's trip (arriving early, a week of travel after). */
export const COURSE_SLACK_DAYS = 30;

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
  const employee = f.standing?.kind === 'employee' || (!f.standing && Boolean(f.employer));
  if (employee && f.leave && stay.days > f.leave.days) {
    out.push(finding('stayOverLeave', [{ fact: 'stay' }, { fact: 'leave' }], { stay: stay.days, leave: f.leave.days }));
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
