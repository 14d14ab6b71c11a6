// One rule for the chats and the wizards (issue 45 item 19): the passport spelling lives with the form rules.
export { isPassportSpelling, passportSpelling } from '../../../../machines/domain/passportSpelling';
