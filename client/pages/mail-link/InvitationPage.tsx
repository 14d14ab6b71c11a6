import { MailLinkScreen } from './MailLinkScreen';

export default function InvitationPage() {
  return <MailLinkScreen purpose="invitation" opensLink={true} />;
}
