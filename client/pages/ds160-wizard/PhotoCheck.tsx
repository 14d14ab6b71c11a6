/**
 * Placeholder for the photo check and auto-fix (POST /api/analyze-photo, spec 2-wizards §3.8, §4.7): another step
 * fills it in. It receives the photo the applicant picked (kept in the page's state only) and renders nothing yet.
 */
export function PhotoCheck(_props: { file: File | null }) {
  return null;
}
