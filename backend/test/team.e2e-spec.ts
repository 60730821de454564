import { randomUUID } from 'node:crypto';
import { pngImage } from './support/events';
import { appWithAdminAndMember, Session } from './support/factories';
import { newTeamMember } from './support/team';
import { TestApp } from './support/test-app';

interface TeamMemberBody {
  _id: string;
  name: string;
  profileImage: string | null;
  isFounder: boolean;
  isInstructor: boolean;
  [field: string]: unknown;
}

describe('team: public lists, admin management, photos', () => {
  let t: TestApp;
  let admin: Session;
  let member: Session;

  beforeAll(async () => {
    ({ t, admin, member } = await appWithAdminAndMember());
  });
  afterAll(() => t.close());

  async function create(overrides: Record<string, unknown> = {}): Promise<TeamMemberBody> {
    const res = await t.http
      .post('/api/team')
      .set(admin.auth)
      .send(newTeamMember(overrides))
      .expect(201);
    return res.body as TeamMemberBody;
  }

  it('is empty until admins add people', async () => {
    expect((await t.http.get('/api/team').expect(200)).body).toEqual([]);
    expect((await t.http.get('/api/team/instructors').expect(200)).body).toEqual([]);
  });

  it('creates a member with every field of the entity, Amharic included', async () => {
    const body = await create({ name: 'Hiwot Mengistu', socialLinks: { website: '' } });
    expect(body).toEqual({
      _id: expect.any(String),
      name: 'Hiwot Mengistu',
      position: 'Mathematics Instructor',
      positionAmharic: 'የሂሳብ መምህር',
      bio: 'Teaches algebra to grades 9-12.',
      bioAmharic: 'ከ9ኛ-12ኛ ክፍል አልጀብራ ያስተምራል።',
      profileImage: null,
      education: [
        {
          degree: 'MSc',
          field: 'Mathematics',
          institution: 'Addis Ababa University',
          year: 2011,
          isTopUniversity: false,
        },
      ],
      expertise: ['Algebra', 'Geometry', 'Calculus', 'Statistics'],
      languages: ['Amharic', 'English'],
      socialLinks: {},
      isFounder: false,
      isInstructor: true,
      sortOrder: 0,
      updatedAt: expect.any(String),
    });
  });

  it('lists founders first, then by order and name; instructors apart', async () => {
    const staff = await create({ name: 'Aster Staff', isInstructor: false, sortOrder: 1 });
    const founder = await create({ name: 'Zewdu Founder', isFounder: true, sortOrder: 9 });
    const early = await create({ name: 'Bereket Early', sortOrder: 0 });
    const team = (await t.http.get('/api/team').expect(200)).body as TeamMemberBody[];
    const names = team.map((person) => person.name);
    expect(names[0]).toBe(founder.name);
    expect(names.indexOf(early.name)).toBeLessThan(names.indexOf(staff.name));
    const instructors = (await t.http.get('/api/team/instructors').expect(200))
      .body as TeamMemberBody[];
    expect(instructors.every((person) => person.isInstructor)).toBe(true);
    expect(instructors.map((person) => person.name)).not.toContain(staff.name);
  });

  it('validates fields, nested education and links', async () => {
    const res = await t.http
      .post('/api/team')
      .set(admin.auth)
      .send(
        newTeamMember({
          name: ' ',
          education: [{ degree: 'BSc', field: 'Maths', institution: '', year: 1800 }],
          socialLinks: { linkedin: 'javascript:alert(1)', email: 'nope' },
        }),
      )
      .expect(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', msg: 'Name is required', code: 'REQUIRED' },
        { field: 'education.0.institution', msg: 'Institution is required', code: 'REQUIRED' },
        { field: 'education.0.year', msg: 'Year must be 1900 or later', code: 'OUT_OF_RANGE' },
        {
          field: 'education.0.isTopUniversity',
          msg: 'isTopUniversity must be true or false',
          code: 'REQUIRED',
        },
        {
          field: 'socialLinks.linkedin',
          msg: 'LinkedIn link must be a valid URL',
          code: 'INVALID_URL',
        },
        {
          field: 'socialLinks.email',
          msg: 'Please enter a valid email address',
          code: 'INVALID_EMAIL',
        },
      ]),
    );
  });

  it('edits a member, clearing the Amharic bio with an empty string', async () => {
    const person = await create();
    const res = await t.http
      .put(`/api/team/${person._id}`)
      .set(admin.auth)
      .send({ position: 'Head of Mathematics', bioAmharic: '', expertise: ['Algebra'] })
      .expect(200);
    expect(res.body).toMatchObject({
      position: 'Head of Mathematics',
      bioAmharic: null,
      expertise: ['Algebra'],
      bio: 'Teaches algebra to grades 9-12.',
    });
    await t.http.put(`/api/team/${randomUUID()}`).set(admin.auth).send({ name: 'x' }).expect(404);
  });

  it('stores a photo through the upload path, replaces it and removes it with the member', async () => {
    const person = await create();
    const first = await t.http
      .put(`/api/team/${person._id}/photo`)
      .set(admin.auth)
      .attach('photo', await pngImage(), 'me.png')
      .expect(200);
    expect(first.body.profileImage).toMatch(
      new RegExp(`^/api/files/team/${person._id}/.+\\.webp$`),
    );
    await t.http.get(first.body.profileImage).expect(200);
    const second = await t.http
      .put(`/api/team/${person._id}/photo`)
      .set(admin.auth)
      .attach('photo', await pngImage(80, 80), 'me2.png')
      .expect(200);
    expect(second.body.profileImage).not.toBe(first.body.profileImage);
    await t.http.get(first.body.profileImage).expect(404);

    const fake = await t.http
      .put(`/api/team/${person._id}/photo`)
      .set(admin.auth)
      .attach('photo', Buffer.from('not an image'), 'fake.png')
      .expect(400);
    expect(fake.body.msg).toEqual(expect.any(String));
    const missing = await t.http
      .put(`/api/team/${person._id}/photo`)
      .set(admin.auth)
      .field('note', 'no file')
      .expect(400);
    expect(missing.body.code).toBe('PHOTO_REQUIRED');

    await t.http.delete(`/api/team/${person._id}`).set(admin.auth).expect(200);
    await t.http.get(second.body.profileImage).expect(404);
    const gone = await t.http.delete(`/api/team/${person._id}`).set(admin.auth).expect(404);
    expect(gone.body.code).toBe('TEAM_MEMBER_NOT_FOUND');
  });

  it('lets only admins write', async () => {
    const person = await create();
    await t.http.post('/api/team').send(newTeamMember()).expect(401);
    await t.http.post('/api/team').set(member.auth).send(newTeamMember()).expect(403);
    await t.http.put(`/api/team/${person._id}`).set(member.auth).send({ name: 'x' }).expect(403);
    await t.http
      .put(`/api/team/${person._id}/photo`)
      .set(member.auth)
      .attach('photo', await pngImage(), 'me.png')
      .expect(403);
    await t.http.delete(`/api/team/${person._id}`).set(member.auth).expect(403);
  });
});
