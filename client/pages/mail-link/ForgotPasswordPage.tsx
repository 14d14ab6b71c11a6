import { MailLinkScreen } from './MailLinkScreen';

export default function ForgotPasswordPage() {
  return <MailLinkScreen purpose="reset" opensLink={false} />;
}
