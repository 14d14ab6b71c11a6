import { MailLinkScreen } from './MailLinkScreen';

export default function ResetPasswordPage() {
  return <MailLinkScreen purpose="reset" opensLink={true} />;
}
