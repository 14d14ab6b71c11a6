import { PremiumInterview } from './PremiumInterview';

/** /entrevista2095: the premium interview by text. */
export default function PremiumTextPage() {
  return <PremiumInterview voice={false} />;
}
