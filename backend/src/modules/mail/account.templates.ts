import { Language } from '../../common/language';
import { compose, link, type MailContent } from './mail.layout';

/** Emails of the sign-in lifecycle: password reset, address verification and change. */
export interface AccountMailTemplates {
  passwordReset: { name: string; resetUrl: string };
  emailVerification: { name: string; verifyUrl: string };
  emailChangeConfirm: { name: string; newEmail: string; confirmUrl: string };
  emailChanged: { name: string; newEmail: string; siteUrl: string };
  passwordChanged: { name: string; siteUrl: string };
  emailChangeRequest: { name: string; newEmail: string; confirmUrl: string };
  accountDeletionConfirm: { name: string; confirmUrl: string };
}

/**
 * The payload field of each email whose link is a one-time credential (it signs in, verifies or
 * moves the account): only the email itself may carry it, never a copy such as the data export.
 * A new template with such a link is listed here.
 */
export const ACCOUNT_MAIL_SECRET_LINKS = {
  passwordReset: 'resetUrl',
  emailVerification: 'verifyUrl',
  emailChangeConfirm: 'confirmUrl',
  emailChangeRequest: 'confirmUrl',
  accountDeletionConfirm: 'confirmUrl',
} as const satisfies { [T in keyof AccountMailTemplates]?: keyof AccountMailTemplates[T] };

type AccountRenderers = {
  [T in keyof AccountMailTemplates]: (payload: AccountMailTemplates[T]) => MailContent;
};

export function accountRenderers(): Record<Language, AccountRenderers> {
  return {
    [Language.EN]: {
      passwordReset: ({ name, resetUrl }) =>
        compose('Reset your password', [
          `Hello ${name},`,
          'Someone asked to reset the password of your account. To choose a new password, open this link within one hour:',
          link(resetUrl),
          'If it was not you, ignore this email: your password stays as it is.',
        ]),
      emailVerification: ({ name, verifyUrl }) =>
        compose('Confirm your email address', [
          `Hello ${name},`,
          'Please confirm that this is your email address by opening this link:',
          link(verifyUrl),
          'Once confirmed you can submit directory listings and enrol in courses.',
        ]),
      emailChangeConfirm: ({ name, newEmail, confirmUrl }) =>
        compose('Confirm your new email address', [
          `Hello ${name},`,
          `To make ${newEmail} the email address of your account, open this link within 24 hours:`,
          link(confirmUrl),
          'If you did not ask for this, ignore this email.',
        ]),
      emailChanged: ({ name, newEmail, siteUrl }) =>
        compose('Your email address was changed', [
          `Hello ${name},`,
          `The email address of your account is now ${newEmail}, and every device was signed out.`,
          [
            'If you did not make this change, please contact us at once:',
            link(`${siteUrl}/contact`),
          ],
        ]),
      passwordChanged: ({ name, siteUrl }) =>
        compose('Your password was changed', [
          `Hello ${name},`,
          'The password of your account was changed and your other devices were signed out.',
          'If you did not make this change, reset your password and contact us:',
          link(`${siteUrl}/forgot-password`),
        ]),
      emailChangeRequest: ({ name, newEmail, confirmUrl }) =>
        compose('Confirm your email change', [
          `Hello ${name},`,
          `To move your account from this address to ${newEmail}, open this link within 24 hours:`,
          link(confirmUrl),
          'If you did not ask for this, ignore this email: your address stays as it is.',
        ]),
      accountDeletionConfirm: ({ name, confirmUrl }) =>
        compose('Confirm deleting your account', [
          `Hello ${name},`,
          'To delete your account and your personal data for good, open this link within one hour:',
          link(confirmUrl),
          'If you did not ask for this, ignore this email: your account stays as it is.',
        ]),
    },
    [Language.AM]: {
      passwordReset: ({ name, resetUrl }) =>
        compose('የይለፍ ቃልዎን ዳግም ያስጀምሩ', [
          `ሰላም ${name}፣`,
          'አንድ ሰው የመለያዎን የይለፍ ቃል ዳግም ለማስጀመር ጠይቋል። አዲስ የይለፍ ቃል ለመምረጥ ይህን ማገናኛ በአንድ ሰዓት ውስጥ ይክፈቱ፦',
          link(resetUrl),
          'እርስዎ ካልጠየቁ ይህን ኢሜይል ችላ ይበሉ፦ የይለፍ ቃልዎ እንዳለ ይቆያል።',
        ]),
      emailVerification: ({ name, verifyUrl }) =>
        compose('የኢሜይል አድራሻዎን ያረጋግጡ', [
          `ሰላም ${name}፣`,
          'ይህ የእርስዎ ኢሜይል አድራሻ መሆኑን እባክዎ ይህን ማገናኛ በመክፈት ያረጋግጡ፦',
          link(verifyUrl),
          'ካረጋገጡ በኋላ የንግድ ማውጫ ዝርዝሮችን ማቅረብ እና በኮርሶች መመዝገብ ይችላሉ።',
        ]),
      emailChangeConfirm: ({ name, newEmail, confirmUrl }) =>
        compose('አዲሱን የኢሜይል አድራሻዎን ያረጋግጡ', [
          `ሰላም ${name}፣`,
          `${newEmail}ን የመለያዎ ኢሜይል አድራሻ ለማድረግ ይህን ማገናኛ በ24 ሰዓት ውስጥ ይክፈቱ፦`,
          link(confirmUrl),
          'ይህን ካልጠየቁ ይህን ኢሜይል ችላ ይበሉ።',
        ]),
      emailChanged: ({ name, newEmail, siteUrl }) =>
        compose('የኢሜይል አድራሻዎ ተቀይሯል', [
          `ሰላም ${name}፣`,
          `የመለያዎ ኢሜይል አድራሻ አሁን ${newEmail} ነው፤ ከሁሉም መሣሪያዎች ወጥተዋል።`,
          ['ይህን ለውጥ እርስዎ ካላደረጉ እባክዎ ወዲያውኑ ያግኙን፦', link(`${siteUrl}/contact`)],
        ]),
      passwordChanged: ({ name, siteUrl }) =>
        compose('የይለፍ ቃልዎ ተቀይሯል', [
          `ሰላም ${name}፣`,
          'የመለያዎ የይለፍ ቃል ተቀይሯል፤ ከሌሎች መሣሪያዎችዎ ወጥተዋል።',
          'ይህን ለውጥ እርስዎ ካላደረጉ የይለፍ ቃልዎን ዳግም ያስጀምሩ እና ያግኙን፦',
          link(`${siteUrl}/forgot-password`),
        ]),
      emailChangeRequest: ({ name, newEmail, confirmUrl }) =>
        compose('የኢሜይል ለውጥዎን ያረጋግጡ', [
          `ሰላም ${name}፣`,
          `መለያዎን ከዚህ አድራሻ ወደ ${newEmail} ለማዛወር ይህን ማገናኛ በ24 ሰዓት ውስጥ ይክፈቱ፦`,
          link(confirmUrl),
          'ይህን ካልጠየቁ ይህን ኢሜይል ችላ ይበሉ፦ አድራሻዎ እንዳለ ይቆያል።',
        ]),
      accountDeletionConfirm: ({ name, confirmUrl }) =>
        compose('መለያዎን መሰረዝ ያረጋግጡ', [
          `ሰላም ${name}፣`,
          'መለያዎን እና የግል መረጃዎን እስከመጨረሻው ለመሰረዝ ይህን ማገናኛ በአንድ ሰዓት ውስጥ ይክፈቱ፦',
          link(confirmUrl),
          'ይህን ካልጠየቁ ይህን ኢሜይል ችላ ይበሉ፦ መለያዎ እንዳለ ይቆያል።',
        ]),
    },
  };
}
