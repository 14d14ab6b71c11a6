import {
  toIsoDate,
  validateAddress,
  validateArrivalDate,
  validateBirthDate,
  validateEmail,
  validateFullName,
  validateFutureDate,
  validateName,
  validateNumber,
  validatePassportNumber,
  validatePastDate,
  validatePhoneInternational,
  type ValidationError,
} from '../../../../machines/domain/validators';

// The rules a chat's field must pass before it is kept (issue 32): the wizards' validators, so a chat never stores
// what the form would refuse, and a refusal says why in the conversation's language.

const LATIN = /^[A-Za-z\s'’-]+$/;

export function chatFieldRule(field: string, collected: Readonly<Record<string, string | undefined>>, today: Date): (value: string) => ValidationError | null {
  const day = toIsoDate(today);
  switch (field) {
    case 'email':
      return (v) => validateEmail(v);
    case 'phone':
      return (v) => validatePhoneInternational(v);
    case 'firstName':
    case 'lastName':
      return (v) => validateName(v, { latinOnly: true });
    case 'name':
    case 'fullName':
      return (v) => validateFullName(v) ?? (LATIN.test(v) ? null : { key: 'validation.name.latin' });
    case 'dateOfBirth':
      return (v) => validateBirthDate(v, day);
    case 'passportIssueDate':
      return (v) => validatePastDate(v, day);
    case 'passportExpiry':
      return (v) => validateFutureDate(v, day);
    case 'arrivalDate':
      return (v) => validateArrivalDate(v, day, collected.passportExpiry);
    case 'departureDate': {
      const arrival = collected.arrivalDate ?? day;
      return (v) => validateFutureDate(v, day) ?? (v >= arrival ? null : { key: 'assistant:reply.rules.departure', params: { arrival } });
    }
    case 'passportNumber':
      return (v) => validatePassportNumber(v);
    case 'monthlyIncome':
      return (v) => validateNumber(v);
    case 'address':
      return (v) => validateAddress(v);
    default:
      return () => null;
  }
}
