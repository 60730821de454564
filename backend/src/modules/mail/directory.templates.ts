import { Language } from '../../common/language';
import { compose, link, type MailContent } from './mail.layout';

/** Emails to a listing's owner when an admin moderates it. */
export interface DirectoryMailTemplates {
  listingApproved: { name: string; listingName: string; listingUrl: string };
  listingRejected: { name: string; listingName: string; reason: string | null; listingUrl: string };
}

type DirectoryRenderers = {
  [T in keyof DirectoryMailTemplates]: (payload: DirectoryMailTemplates[T]) => MailContent;
};

export function directoryRenderers(): Record<Language, DirectoryRenderers> {
  return {
    [Language.EN]: {
      listingApproved: ({ name, listingName, listingUrl }) =>
        compose(`Your listing is approved: ${listingName}`, [
          `Hello ${name},`,
          `Good news: ${listingName} has been approved and is now visible to members in the business directory.`,
          ['See your listing:', link(listingUrl)],
        ]),
      listingRejected: ({ name, listingName, reason, listingUrl }) =>
        compose(`Your listing was not approved: ${listingName}`, [
          `Hello ${name},`,
          `We reviewed ${listingName} and could not approve it for the business directory.`,
          reason ? `Reason: ${reason}` : 'No reason was given.',
          ['You can edit the listing and submit it for review again:', link(listingUrl)],
        ]),
    },
    [Language.AM]: {
      listingApproved: ({ name, listingName, listingUrl }) =>
        compose(`ዝርዝርዎ ጸድቋል፦ ${listingName}`, [
          `ሰላም ${name}፣`,
          `መልካም ዜና፦ ${listingName} ጸድቋል፤ አሁን በንግድ ማውጫው ውስጥ ለአባላት ይታያል።`,
          ['ዝርዝርዎን ይመልከቱ፦', link(listingUrl)],
        ]),
      listingRejected: ({ name, listingName, reason, listingUrl }) =>
        compose(`ዝርዝርዎ አልጸደቀም፦ ${listingName}`, [
          `ሰላም ${name}፣`,
          `${listingName}ን ገምግመን ለንግድ ማውጫው ልናጸድቀው አልቻልንም።`,
          reason ? `ምክንያት፦ ${reason}` : 'ምንም ምክንያት አልተሰጠም።',
          ['ዝርዝሩን አስተካክለው እንደገና ለግምገማ ማቅረብ ይችላሉ፦', link(listingUrl)],
        ]),
    },
  };
}
