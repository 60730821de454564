import { Language } from '../../common/language';
import type { RenderedMail } from './mail.templates';

/** Emails to a listing's owner when an admin moderates it. */
export interface DirectoryMailTemplates {
  listingApproved: { name: string; listingName: string; listingUrl: string };
  listingRejected: { name: string; listingName: string; reason: string | null; listingUrl: string };
}

type Compose = (subject: string, paragraphs: string[]) => RenderedMail;
type DirectoryRenderers = {
  [T in keyof DirectoryMailTemplates]: (payload: DirectoryMailTemplates[T]) => RenderedMail;
};

export function directoryRenderers(compose: Compose): Record<Language, DirectoryRenderers> {
  return {
    [Language.EN]: {
      listingApproved: ({ name, listingName, listingUrl }) =>
        compose(`Your listing is approved: ${listingName}`, [
          `Hello ${name},`,
          `Good news: ${listingName} has been approved and is now visible to members in the business directory.`,
          `See your listing: ${listingUrl}`,
        ]),
      listingRejected: ({ name, listingName, reason, listingUrl }) =>
        compose(`Your listing was not approved: ${listingName}`, [
          `Hello ${name},`,
          `We reviewed ${listingName} and could not approve it for the business directory.`,
          reason ? `Reason: ${reason}` : 'No reason was given.',
          `You can edit the listing and submit it for review again: ${listingUrl}`,
        ]),
    },
    [Language.AM]: {
      listingApproved: ({ name, listingName, listingUrl }) =>
        compose(`ዝርዝርዎ ጸድቋል፦ ${listingName}`, [
          `ሰላም ${name}፣`,
          `መልካም ዜና፦ ${listingName} ጸድቋል፤ አሁን በንግድ ማውጫው ውስጥ ለአባላት ይታያል።`,
          `ዝርዝርዎን ይመልከቱ፦ ${listingUrl}`,
        ]),
      listingRejected: ({ name, listingName, reason, listingUrl }) =>
        compose(`ዝርዝርዎ አልጸደቀም፦ ${listingName}`, [
          `ሰላም ${name}፣`,
          `${listingName}ን ገምግመን ለንግድ ማውጫው ልናጸድቀው አልቻልንም።`,
          reason ? `ምክንያት፦ ${reason}` : 'ምንም ምክንያት አልተሰጠም።',
          `ዝርዝሩን አስተካክለው እንደገና ለግምገማ ማቅረብ ይችላሉ፦ ${listingUrl}`,
        ]),
    },
  };
}
