import { MailLinkScreen } from './MailLinkScreen';

export default function SignInLinkPage() {
  return <MailLinkScreen purpose="signIn" opensLink={true} />;
}
