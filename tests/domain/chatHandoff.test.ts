import { expect, it } from 'vitest';
import { ds160Handoff } from '../../machines/domain/chatHandoff';

it("puts what a chat collected where the ten-section form asks it, in the form's own options", () => {
  expect(
    ds160Handoff({ firstName: 'Ana', lastName: ' Lopez ', dateOfBirth: '1990-03-15', nationality: 'Mexico', maritalStatus: 'married', email: 'a@b.co', purpose: 'tourism', passportExpiry: '2032-01-09', occupation: 'Engineer', phone: '' }),
  ).toEqual({
    'personal-info': { firstName: 'Ana', lastName: 'Lopez', birthDate: '1990-03-15', nationality: 'Mexico', maritalStatus: 'Married' },
    'address-phone': { emailAddress: 'a@b.co' },
    'passport-info': { passportExpiryDate: '2032-01-09' },
    'travel-info': { tripPurpose: 'Tourism' },
  });
  expect(ds160Handoff({})).toEqual({});
  expect(ds160Handoff({ maritalStatus: 'complicated', purpose: 'fun' })).toEqual({});
});
