import type { Ds160FormSection } from '../../machines/domain/ds160Form';
import { SECURITY_QUESTIONS } from '../../machines/domain/ds160Sections';
import { fromToday } from './answers';

/** A complete, valid ten-section form with dates around today: a single Mexican engineer travelling alone. */
export function validForm(overrides: Partial<Record<Ds160FormSection, Record<string, unknown>>> = {}): Record<Ds160FormSection, Record<string, unknown>> {
  const form: Record<Ds160FormSection, Record<string, unknown>> = {
    'personal-info': {
      firstName: 'Maria', lastName: 'Lopez', gender: 'Female', maritalStatus: 'Single', birthDate: '1990-05-20',
      birthCity: 'Guadalajara', birthCountry: 'Mexico', nationality: 'Mexico', otherNationalities: 'No', selectedPlan: 'basic',
    },
    'travel-info': {
      tripPurpose: 'Tourism', tripPlans: 'Visit museums in New York', arrivalDate: fromToday(0, 2), departureDate: fromToday(0, 3),
      lengthOfStay: '2 weeks', usAddress: '350 Fifth Avenue, Apt 4', usCity: 'New York', usState: 'New York', usZipCode: '10118',
      whoIsPayingForTrip: 'Self',
    },
    'address-phone': {
      homeAddress: 'Calle Juarez 10, Centro', homeCity: 'Guadalajara', homeCountry: 'Mexico', sameAsHome: true,
      primaryPhone: '+52 33 1234 5678', emailAddress: 'maria@example.com',
    },
    'passport-info': {
      passportNumber: 'G12345678', passportIssuingCountry: 'Mexico', passportIssuingCity: 'Guadalajara', issuingAuthority: 'SRE',
      passportIssueDate: fromToday(-2), passportExpiryDate: fromToday(5), hasLostPassport: 'No', hasOtherPassports: 'No',
    },
    'travel-companions': { travelingWithOthers: 'No', groupTravel: 'No' },
    'previous-travel': { hasVisitedUS: 'No', hasUSVisa: 'No', hasVisaDenied: 'No', hasVisaCancelled: 'No', hasBeenRefused: 'No', hasBeenDeported: 'No' },
    'family-info': {
      fatherFirstName: 'Jose', fatherLastName: 'Lopez', fatherBirthDate: '1960-01-01', fatherBirthCountry: 'Mexico', fatherInUS: 'No',
      motherFirstName: 'Ana', motherLastName: 'Garcia', motherBirthDate: '1962-02-02', motherBirthCountry: 'Mexico', motherInUS: 'No',
      hasOtherFamilyInUS: 'No',
    },
    'work-education': {
      currentOccupation: 'Engineer', currentEmployer: 'Acme SA', currentJobTitle: 'Civil engineer', currentEmployerAddress: 'Avenida Vallarta 100',
      currentEmployerCity: 'Guadalajara', currentEmployerCountry: 'Mexico', currentJobStartDate: '2020-01-01',
      highestEducationLevel: "Bachelor's Degree", schoolName: 'Universidad de Guadalajara', schoolCity: 'Guadalajara', schoolCountry: 'Mexico',
    },
    'security-background': Object.fromEntries(SECURITY_QUESTIONS.map(([question]) => [question, 'No'])),
    'photo-submission': { hasPhoto: 'No', agreeToRequirements: true },
  };
  for (const [section, values] of Object.entries(overrides)) form[section as Ds160FormSection] = { ...form[section as Ds160FormSection], ...values };
  return form;
}
