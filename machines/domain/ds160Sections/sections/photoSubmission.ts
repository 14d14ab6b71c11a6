import { answerText, builder, yes, type Ds160Field, type Ds160SectionValues } from '../fields';

const photo = builder('photo-submission');
const hasPhoto = yes('hasPhoto');
export const photoSubmissionFields: readonly Ds160Field[] = [
  photo('hasPhoto', 'yesno', { required: true }),
  photo('photoId', 'photo', { required: true, hint: true, visibleWhen: hasPhoto }),
  photo('agreeToRequirements', 'checkbox', { required: true, visibleWhen: hasPhoto, defaultValue: false }),
];

/** The photo step's warning note shows when the applicant has no digital photo (spec §4.5). */
export function showsNoPhotoWarning(values: Ds160SectionValues): boolean {
  return answerText(values.hasPhoto) === 'No';
}
