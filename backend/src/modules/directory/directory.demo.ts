import { randomUUID } from 'node:crypto';
import { Injectable, OnModuleInit } from '@nestjs/common';
import sharp from 'sharp';
import { DemoContext, DemoService } from '../demo/demo.service';
import { MediaService } from '../media/media.service';
import { DirectoryRepository } from './directory.repository';
import { ListingStatus, NewListingRow } from './directory.schema';

/** After events (10) and news (30); before nothing in particular. */
const ORDER = 40;

type DemoListing = Omit<
  NewListingRow,
  'id' | 'ownerId' | 'logo' | 'images' | 'search' | 'status'
> & {
  status: ListingStatus;
  /** Index into the demo members. */
  owner: number;
  /** Background and foreground of the generated logo. */
  colors: [string, string];
  initials: string;
  photos: number;
};

const LISTINGS: DemoListing[] = [
  {
    name: 'Buna House Roasters',
    description:
      'Small-batch Ethiopian coffee roasted in Toronto: Yirgacheffe, Sidamo and Harar beans, ' +
      'a weekly coffee ceremony and wholesale for cafés. የኢትዮጵያ ቡና በቶሮንቶ።',
    type: 'business',
    category: 'retail',
    email: 'hello@bunahouse.example',
    phone: '+1 416 555 0142',
    website: 'https://bunahouse.example',
    street: '88 Danforth Ave',
    city: 'Toronto',
    state: 'Ontario',
    country: 'Canada',
    postalCode: 'M4K 1N2',
    hours: {
      monday: '8:00 - 18:00',
      tuesday: '8:00 - 18:00',
      wednesday: '8:00 - 18:00',
      thursday: '8:00 - 20:00',
      friday: '8:00 - 20:00',
      saturday: '9:00 - 17:00',
    },
    socialMedia: {
      instagram: 'https://instagram.com/bunahouse',
      facebook: 'https://facebook.com/bunahouse',
    },
    tags: ['coffee', 'roastery', 'ቡና'],
    status: 'approved',
    verified: true,
    featured: true,
    owner: 2,
    colors: ['#6f4e37', '#fcdd09'],
    initials: 'BH',
    photos: 2,
  },
  {
    name: 'Selam Software Consulting',
    description:
      'Cloud architecture, payment integrations and code reviews for startups in Africa and ' +
      'the diaspora. Mentoring for junior developers included.',
    type: 'professional',
    category: 'technology',
    email: 'selam@example.com',
    website: 'https://selam-consulting.example',
    city: 'Seattle',
    state: 'Washington',
    country: 'United States',
    hours: {},
    socialMedia: { linkedin: 'https://linkedin.com/in/selam-tesfaye' },
    tags: ['software', 'cloud', 'mentoring'],
    status: 'approved',
    verified: true,
    featured: false,
    owner: 0,
    colors: ['#1d3557', '#a8dadc'],
    initials: 'SS',
    photos: 0,
  },
  {
    name: 'Frankfurt Heart Clinic',
    description:
      'Cardiology consultations in Amharic, German and English. Health-awareness evenings ' +
      'for the community every quarter.',
    type: 'professional',
    category: 'healthcare',
    phone: '+49 69 555 0188',
    street: 'Zeil 12',
    city: 'Frankfurt',
    country: 'Germany',
    postalCode: '60313',
    hours: { monday: '9:00 - 17:00', wednesday: '9:00 - 17:00', friday: '9:00 - 13:00' },
    socialMedia: {},
    tags: ['cardiology', 'doctor'],
    status: 'approved',
    verified: false,
    featured: true,
    owner: 1,
    colors: ['#da121a', '#ffffff'],
    initials: 'FH',
    photos: 1,
  },
  {
    name: 'Habesha Youth Association',
    description:
      'A volunteer association running homework clubs, Amharic classes and football for ' +
      'young people of Ethiopian heritage in London.',
    type: 'organization',
    category: 'non-profit',
    email: 'info@habesha-youth.example',
    city: 'London',
    country: 'United Kingdom',
    hours: { saturday: '10:00 - 14:00' },
    socialMedia: { twitter: 'https://twitter.com/habeshayouth' },
    tags: ['youth', 'volunteering', 'education'],
    status: 'approved',
    verified: false,
    featured: false,
    owner: 1,
    colors: ['#078930', '#fcdd09'],
    initials: 'HY',
    photos: 0,
  },
  {
    name: 'Addis Kitchen',
    description: 'Injera baked daily, doro wat on Fridays and vegan beyaynetu every day.',
    type: 'business',
    category: 'restaurant',
    phone: '+46 8 555 0101',
    city: 'Stockholm',
    country: 'Sweden',
    hours: { friday: '17:00 - 23:00', saturday: '12:00 - 23:00', sunday: '12:00 - 21:00' },
    socialMedia: {},
    tags: ['injera', 'restaurant', 'vegan'],
    status: 'pending',
    verified: false,
    featured: false,
    owner: 0,
    colors: ['#e76f51', '#264653'],
    initials: 'AK',
    photos: 1,
  },
  {
    name: 'Diaspora Remit Advisors',
    description: 'Advice on sending money home and on diaspora bonds.',
    type: 'business',
    category: 'finance',
    email: 'advice@remit.example',
    city: 'Dubai',
    country: 'UAE',
    hours: {},
    socialMedia: {},
    tags: ['finance', 'remittance'],
    status: 'rejected',
    rejectionReason: 'Please add a phone number and an address we can verify.',
    verified: false,
    featured: false,
    owner: 2,
    colors: ['#2a9d8f', '#e9c46a'],
    initials: 'DR',
    photos: 0,
  },
];

/** A square logo: the initials on a coloured disc, drawn as SVG (shapes only, no fonts needed). */
async function logoPng([background, foreground]: [string, string], seed: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <rect width="400" height="400" fill="${background}"/>
    <circle cx="200" cy="200" r="${120 + (seed % 3) * 20}" fill="none" stroke="${foreground}" stroke-width="24"/>
    <rect x="${150 + seed * 5}" y="150" width="100" height="100" rx="18" fill="${foreground}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A wide photo stand-in in the listing's colours. */
async function photoPng([background, foreground]: [string, string], seed: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="1200" height="800" fill="${background}"/>
    <circle cx="${300 + seed * 400}" cy="400" r="220" fill="${foreground}" opacity="0.8"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Sample listings owned by the demo members: every type and status, some verified or featured. */
@Injectable()
export class DirectoryDemoSeeder implements OnModuleInit {
  constructor(
    private readonly demo: DemoService,
    private readonly listings: DirectoryRepository,
    private readonly media: MediaService,
  ) {}

  onModuleInit(): void {
    this.demo.register({ name: 'directory', order: ORDER, seed: (context) => this.seed(context) });
  }

  async seed({ members }: DemoContext): Promise<void> {
    if (!members.length || (await this.listings.countByStatus()) > 0) return;
    for (const [index, demo] of LISTINGS.entries()) {
      const { owner, colors, initials, photos, ...values } = demo;
      const id = randomUUID();
      const folder = `directory/${id}`;
      const image = (buffer: Buffer, name: string) =>
        this.media.saveImage(folder, {
          field: 'images',
          filename: name,
          buffer,
          type: { kind: 'image', mime: 'image/png', ext: 'png', name: 'PNG' },
        });
      const logo = await image(await logoPng(colors, index), `${initials}.png`);
      const images = [];
      for (let photo = 0; photo < photos; photo++) {
        images.push(await image(await photoPng(colors, photo), `${photo + 1}.png`));
      }
      await this.listings.create({
        ...values,
        id,
        logo,
        images,
        ownerId: members[owner % members.length].id,
      });
    }
  }
}
