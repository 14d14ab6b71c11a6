import { PremiumInterview } from './PremiumInterview';

/** /intervgpt: the premium interview by voice. */
export default function PremiumVoicePage() {
  return <PremiumInterview voice />;
}
