import { randomUUID } from 'node:crypto';
import { appWithAdminAndMember, registerMember, Session } from './support/factories';
import { SmtpSink } from './support/smtp-sink';
import { TestApp } from './support/test-app';
import {
  enroll,
  EnrollmentBody,
  KNOWN_COURSES,
  newCourse,
  newEnrollment,
} from './support/tutorials';

describe('tutorials: courses, enrollment, the enrollment manager', () => {
  let t: TestApp;
  let admin: Session;
  let member: Session;
  const smtp = new SmtpSink();

  beforeAll(async () => {
    await smtp.start();
    ({ t, admin, member } = await appWithAdminAndMember({
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://edn.example' },
    }));
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  describe('GET /api/tutorials/courses', () => {
    it('lists the six known courses to guests, in both languages, with counts', async () => {
      const res = await t.http.get('/api/tutorials/courses').expect(200);
      expect(res.body.map((course: { id: string }) => course.id)).toEqual(KNOWN_COURSES);
      for (const course of res.body) {
        for (const field of ['name', 'description', 'duration', 'level', 'price']) {
          expect(course[field]).toEqual(expect.any(String));
          // The Amharic variant is written in Ethiopic script.
          expect(course[`${field}Amharic`]).toMatch(/[\u1200-\u137F]/);
        }
        expect(course.subjects.length).toBeGreaterThan(0);
        expect(course.subjectsAmharic).toHaveLength(course.subjects.length);
        expect(course).toMatchObject({ enrollmentCount: expect.any(Number), isActive: true });
      }
    });

    it('shows hidden courses to admins who ask, and refuses members who ask', async () => {
      await t.http.get('/api/tutorials/courses?includeHidden=true').expect(401);
      const refused = await t.http
        .get('/api/tutorials/courses?includeHidden=true')
        .set(member.auth)
        .expect(403);
      expect(refused.body).toMatchObject({ statusCode: 403, code: 'FORBIDDEN' });
      await t.http.get('/api/tutorials/courses?includeHidden=true').set(admin.auth).expect(200);
    });
  });

  describe('POST /api/tutorials/enroll', () => {
    it('records a pending enrollment with the course name and counts it', async () => {
      const student = await registerMember(t.http);
      const before = await t.http.get('/api/tutorials/courses').expect(200);
      const count = (body: Array<{ id: string; enrollmentCount: number }>) =>
        body.find((course) => course.id === 'physics-grade-5-12')?.enrollmentCount;
      const res = await t.http
        .post('/api/tutorials/enroll')
        .set(student.auth)
        .send(newEnrollment(student, { course: 'physics-grade-5-12', courseName: 'whatever' }))
        .expect(201);
      expect(res.body).toMatchObject({
        _id: expect.any(String),
        course: 'physics-grade-5-12',
        courseName: 'Physics (Grades 5-12)',
        fullName: student.user.name,
        email: student.user.email,
        city: 'Seattle',
        status: 'pending',
        adminNotes: null,
        rejectionReason: null,
      });
      const after = await t.http.get('/api/tutorials/courses').expect(200);
      expect(count(after.body)).toBe((count(before.body) ?? 0) + 1);
    });

    it.each([
      ['fullName', 'A', 'Full name must be at least 2 characters', 'TOO_SHORT'],
      ['fullName', '  A   ', 'Full name must be at least 2 characters', 'TOO_SHORT'],
      ['address', 'Short st', 'Address must be at least 10 characters', 'TOO_SHORT'],
      ['city', 'X', 'City must be at least 2 characters', 'TOO_SHORT'],
      ['telephone', '12345', 'Telephone must be at least 10 characters', 'TOO_SHORT'],
      ['email', 'not-an-email', 'Please enter a valid email address', 'INVALID_EMAIL'],
      ['course', '', 'Please select a course', 'REQUIRED'],
    ])('refuses %s %p with "%s" (%s)', async (field, value, msg, code) => {
      const res = await t.http
        .post('/api/tutorials/enroll')
        .set(member.auth)
        .send(newEnrollment(member, { [field]: value }))
        .expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', msg });
      expect(res.body.errors).toEqual([{ field, msg, code }]);
    });

    it('reports every missing field at once with its own message', async () => {
      const res = await t.http.post('/api/tutorials/enroll').set(member.auth).send({}).expect(400);
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          { field: 'course', msg: 'Please select a course', code: 'REQUIRED' },
          { field: 'fullName', msg: 'Full name must be at least 2 characters', code: 'REQUIRED' },
          { field: 'address', msg: 'Address must be at least 10 characters', code: 'REQUIRED' },
          { field: 'city', msg: 'City must be at least 2 characters', code: 'REQUIRED' },
          { field: 'telephone', msg: 'Telephone must be at least 10 characters', code: 'REQUIRED' },
          { field: 'email', msg: 'Please enter a valid email address', code: 'REQUIRED' },
        ]),
      );
      expect(res.body.errors).toHaveLength(6);
      const mine = await t.http.get('/api/tutorials/my-enrollments').set(member.auth).expect(200);
      expect(mine.body).toEqual([]);
    });

    it('accepts values exactly at the minimums', async () => {
      const student = await registerMember(t.http);
      await enroll(t.http, student, {
        fullName: 'Al',
        address: '1234567890',
        city: 'Oz',
        telephone: '0123456789',
      });
    });

    it('refuses unknown and hidden courses on the course field', async () => {
      const unknown = await t.http
        .post('/api/tutorials/enroll')
        .set(member.auth)
        .send(newEnrollment(member, { course: 'astrology' }))
        .expect(400);
      expect(unknown.body).toMatchObject({
        code: 'COURSE_NOT_AVAILABLE',
        errors: [{ field: 'course', msg: 'Please select a course', code: 'INVALID' }],
      });
      await t.http
        .post('/api/tutorials/courses')
        .set(admin.auth)
        .send(newCourse({ id: 'hidden-course', isActive: false }))
        .expect(201);
      const hidden = await t.http
        .post('/api/tutorials/enroll')
        .set(member.auth)
        .send(newEnrollment(member, { course: 'hidden-course' }))
        .expect(400);
      expect(hidden.body.code).toBe('COURSE_NOT_AVAILABLE');
    });

    it('allows one open enrollment per member and course, also under concurrent submits', async () => {
      const student = await registerMember(t.http);
      const form = newEnrollment(student, { course: 'english-grade-5-12' });
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          t.http.post('/api/tutorials/enroll').set(student.auth).send(form),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
      const conflict = answers.find((answer) => answer.status === 409);
      expect(conflict?.body).toMatchObject({
        statusCode: 409,
        code: 'ENROLLMENT_EXISTS',
        msg: 'You already have an open enrollment for this course. We will contact you about it soon.',
      });
      // Another course is fine, and so is another member in the same course.
      await enroll(t.http, student, { course: 'computer-basics' });
      const other = await registerMember(t.http);
      await enroll(t.http, other, { course: 'english-grade-5-12' });
    });

    it('lets a member apply again once the earlier application was rejected or completed', async () => {
      const student = await registerMember(t.http);
      const first = await enroll(t.http, student, { course: 'mern-fullstack' });
      await decide(first._id, { status: 'rejected', rejectionReason: 'Class full' });
      const second = await enroll(t.http, student, { course: 'mern-fullstack' });
      await decide(second._id, { status: 'completed' });
      await enroll(t.http, student, { course: 'mern-fullstack' });
    });

    it('needs a signed-in member and refuses unknown fields', async () => {
      await t.http.post('/api/tutorials/enroll').send(newEnrollment(member)).expect(401);
      const res = await t.http
        .post('/api/tutorials/enroll')
        .set(member.auth)
        .send(newEnrollment(member, { status: 'approved' }))
        .expect(400);
      expect(res.body.errors).toEqual([
        { field: 'status', msg: 'status is not an allowed field', code: 'UNKNOWN_FIELD' },
      ]);
    });
  });

  describe('GET /api/tutorials/my-enrollments', () => {
    it("returns only the caller's enrollments, newest first", async () => {
      const student = await registerMember(t.http);
      const other = await registerMember(t.http);
      const older = await enroll(t.http, student, { course: 'computer-basics' });
      const newer = await enroll(t.http, student, { course: 'math-grade-5-12' });
      await enroll(t.http, other, { course: 'computer-basics' });
      const res = await t.http.get('/api/tutorials/my-enrollments').set(student.auth).expect(200);
      expect(res.body.map((row: EnrollmentBody) => row._id)).toEqual([newer._id, older._id]);
      await t.http.get('/api/tutorials/my-enrollments').expect(401);
    });
  });

  describe('GET /api/tutorials/enrollments (admins)', () => {
    let fixtureIds: string[];
    const tag = `zq${randomUUID().slice(0, 6)}`;

    beforeAll(async () => {
      // 12 applications from members whose names and emails carry the tag, in two courses.
      fixtureIds = [];
      for (let i = 0; i < 12; i++) {
        const student = await registerMember(t.http, {
          name: `Student ${tag} ${i}`,
          email: `${tag}.${i}@example.com`,
        });
        const row = await enroll(t.http, student, {
          course: i % 2 ? 'physics-grade-5-12' : 'computer-basics',
          fullName: i === 3 ? 'Abebe Kebede' : `Student ${tag} ${i}`,
        });
        fixtureIds.push(row._id);
      }
      await decide(fixtureIds[0], { status: 'approved' });
      await decide(fixtureIds[1], { status: 'approved' });
    });

    it('pages 10 at a time, newest first, with total and totalPages', async () => {
      const first = await t.http
        .get(`/api/tutorials/enrollments?search=${tag}`)
        .set(admin.auth)
        .expect(200);
      // Abebe's email carries the tag, so the search finds all 12.
      expect(first.body).toMatchObject({ total: 12, page: 1, totalPages: 2 });
      expect(first.body.enrollments).toHaveLength(10);
      expect(first.body.enrollments[0]._id).toBe(fixtureIds[11]);
      const second = await t.http
        .get(`/api/tutorials/enrollments?search=${tag}&page=2`)
        .set(admin.auth)
        .expect(200);
      expect(second.body.enrollments.map((row: EnrollmentBody) => row._id)).toEqual([
        fixtureIds[1],
        fixtureIds[0],
      ]);
    });

    it('searches names and emails case-insensitively on the server', async () => {
      const byName = await t.http
        .get('/api/tutorials/enrollments?search=abebe%20KEB')
        .set(admin.auth)
        .expect(200);
      expect(byName.body.enrollments.map((row: EnrollmentBody) => row._id)).toEqual([
        fixtureIds[3],
      ]);
      const byEmail = await t.http
        .get(`/api/tutorials/enrollments?search=${tag.toUpperCase()}.7@EXAMPLE`)
        .set(admin.auth)
        .expect(200);
      expect(byEmail.body.enrollments.map((row: EnrollmentBody) => row._id)).toEqual([
        fixtureIds[7],
      ]);
      // LIKE wildcards are searched as text.
      const wildcard = await t.http
        .get('/api/tutorials/enrollments?search=%25')
        .set(admin.auth)
        .expect(200);
      expect(wildcard.body.total).toBe(0);
    });

    it('filters by status and course, together with the search', async () => {
      const approved = await t.http
        .get(`/api/tutorials/enrollments?search=${tag}&status=approved`)
        .set(admin.auth)
        .expect(200);
      expect(approved.body.total).toBe(2);
      const physics = await t.http
        .get(`/api/tutorials/enrollments?search=${tag}&course=physics-grade-5-12`)
        .set(admin.auth)
        .expect(200);
      expect(physics.body.total).toBe(6);
      const both = await t.http
        .get(
          `/api/tutorials/enrollments?search=${tag}&course=physics-grade-5-12&status=approved&limit=1`,
        )
        .set(admin.auth)
        .expect(200);
      expect(both.body).toMatchObject({ total: 1, totalPages: 1 });
      expect(both.body.enrollments[0]._id).toBe(fixtureIds[1]);
    });

    it('rejects bad filters with field errors', async () => {
      const res = await t.http
        .get('/api/tutorials/enrollments?status=maybe&limit=0')
        .set(admin.auth)
        .expect(400);
      expect(res.body.errors.map((error: { field: string }) => error.field).sort()).toEqual([
        'limit',
        'status',
      ]);
    });

    it('is for admins only', async () => {
      await t.http.get('/api/tutorials/enrollments').expect(401);
      const res = await t.http.get('/api/tutorials/enrollments').set(member.auth).expect(403);
      expect(res.body.code).toBe('FORBIDDEN');
    });
  });

  describe('PUT /api/tutorials/enrollments/:id/status (admins)', () => {
    it('approves, and the student receives the decision by email', async () => {
      const student = await registerMember(t.http);
      const row = await enroll(t.http, student, {
        course: 'electrical-engineering',
        email: `Inbox-${randomUUID().slice(0, 6)}@Example.com`,
      });
      const res = await decide(row._id, { status: 'approved', adminNotes: 'Paid by transfer' });
      expect(res).toMatchObject({ status: 'approved', adminNotes: 'Paid by transfer' });
      const [mail] = await decisionMails(row.email, 1);
      expect(mail.subject).toBe('Your enrollment: Electrical Engineering Fundamentals');
      expect(mail.raw).toContain('is approved');
      expect(mail.raw).toContain('https://edn.example/tutorials');
      expect(mail.raw).not.toContain('Paid by transfer');
      // The notes are the admins': the student's own list has the decision without them.
      const mine = await t.http.get('/api/tutorials/my-enrollments').set(student.auth).expect(200);
      expect(mine.body).toEqual([
        expect.objectContaining({ _id: row._id, status: 'approved', adminNotes: null }),
      ]);
    });

    it('emails the student once when two admins approve at the same moment (a double click)', async () => {
      const student = await registerMember(t.http);
      const row = await enroll(t.http, student, {
        course: 'computer-basics',
        email: `twice-${randomUUID().slice(0, 6)}@example.com`,
      });
      const both = await Promise.all([
        decide(row._id, { status: 'approved' }),
        decide(row._id, { status: 'approved' }),
      ]);
      expect(both.map((decided) => decided.status)).toEqual(['approved', 'approved']);
      await expectMails(row.email, ['is approved']);
    });

    it('needs a reason to reject, tells the student, and clears it on another status', async () => {
      const student = await registerMember(t.http);
      const row = await enroll(t.http, student, { course: 'computer-basics' });
      const refused = await t.http
        .put(`/api/tutorials/enrollments/${row._id}/status`)
        .set(admin.auth)
        .send({ status: 'rejected', rejectionReason: '   ' })
        .expect(400);
      expect(refused.body).toMatchObject({
        code: 'REJECTION_REASON_REQUIRED',
        errors: [{ field: 'rejectionReason', msg: 'Please give a reason for the rejection' }],
      });
      // Nothing changed, nobody was emailed.
      const unchanged = await findEnrollment(row._id, student.user.email);
      expect(unchanged.status).toBe('pending');

      const rejected = await decide(row._id, {
        status: 'rejected',
        rejectionReason: 'The class is full this term',
      });
      expect(rejected).toMatchObject({
        status: 'rejected',
        rejectionReason: 'The class is full this term',
      });
      const [mail] = await decisionMails(student.user.email, 1);
      expect(mail.raw).toContain('The class is full this term');

      const reopened = await decide(row._id, { status: 'pending' });
      expect(reopened).toMatchObject({ status: 'pending', rejectionReason: null });
      // One email: none for the refused attempt, none for going back to pending.
      await expectMails(student.user.email, ['was not approved']);
    });

    it('moves through every status, emailing each decision once, not for notes alone', async () => {
      const student = await registerMember(t.http);
      const row = await enroll(t.http, student, { course: 'physics-grade-5-12' });
      for (const status of ['approved', 'enrolled', 'completed']) {
        const res = await decide(row._id, { status });
        expect(res.status).toBe(status);
      }
      await decide(row._id, { status: 'completed', adminNotes: 'Certificate sent' });
      await expectMails(student.user.email, [
        'is approved',
        'You are now enrolled',
        'Congratulations on completing',
      ]);
      const notes = await decide(row._id, { status: 'completed', adminNotes: '' });
      expect(notes.adminNotes).toBeNull();
    });

    it('refuses reopening when the member already has another open application', async () => {
      const student = await registerMember(t.http);
      const first = await enroll(t.http, student, { course: 'math-grade-5-12' });
      await decide(first._id, { status: 'rejected', rejectionReason: 'Wrong grade' });
      await enroll(t.http, student, { course: 'math-grade-5-12' });
      const res = await t.http
        .put(`/api/tutorials/enrollments/${first._id}/status`)
        .set(admin.auth)
        .send({ status: 'approved' })
        .expect(409);
      expect(res.body.code).toBe('ENROLLMENT_EXISTS');
    });

    it('checks the status, the id and the role', async () => {
      const student = await registerMember(t.http);
      const row = await enroll(t.http, student, { course: 'english-grade-5-12' });
      const bad = await t.http
        .put(`/api/tutorials/enrollments/${row._id}/status`)
        .set(admin.auth)
        .send({ status: 'finished' })
        .expect(400);
      expect(bad.body.errors[0]).toEqual({
        field: 'status',
        msg: 'Status must be one of pending, approved, rejected, enrolled, completed',
        code: 'NOT_ALLOWED',
      });
      const missing = await t.http
        .put(`/api/tutorials/enrollments/${randomUUID()}/status`)
        .set(admin.auth)
        .send({ status: 'approved' })
        .expect(404);
      expect(missing.body.code).toBe('ENROLLMENT_NOT_FOUND');
      await t.http
        .put('/api/tutorials/enrollments/not-an-id/status')
        .set(admin.auth)
        .send({ status: 'approved' })
        .expect(404);
      await t.http
        .put(`/api/tutorials/enrollments/${row._id}/status`)
        .send({ status: 'approved' })
        .expect(401);
      await t.http
        .put(`/api/tutorials/enrollments/${row._id}/status`)
        .set(student.auth)
        .send({ status: 'approved' })
        .expect(403);
    });
  });

  describe('course management (admins)', () => {
    it('creates, edits, hides and deletes a course', async () => {
      const created = await t.http
        .post('/api/tutorials/courses')
        .set(admin.auth)
        .send(newCourse({ id: 'chess-basics', subjects: [' Openings ', ''] }))
        .expect(201);
      expect(created.body).toMatchObject({
        id: 'chess-basics',
        isActive: true,
        enrollmentCount: 0,
        subjects: ['Openings'],
      });
      const duplicate = await t.http
        .post('/api/tutorials/courses')
        .set(admin.auth)
        .send(newCourse({ id: 'chess-basics' }))
        .expect(409);
      expect(duplicate.body.code).toBe('COURSE_EXISTS');

      const edited = await t.http
        .put('/api/tutorials/courses/chess-basics')
        .set(admin.auth)
        .send({ price: '$10', priceAmharic: '10 ዶላር', isActive: false })
        .expect(200);
      expect(edited.body).toMatchObject({ price: '$10', priceAmharic: '10 ዶላር', isActive: false });
      const listed = await t.http.get('/api/tutorials/courses').expect(200);
      expect(listed.body.map((course: { id: string }) => course.id)).not.toContain('chess-basics');

      await t.http.delete('/api/tutorials/courses/chess-basics').set(admin.auth).expect(200);
      await t.http.delete('/api/tutorials/courses/chess-basics').set(admin.auth).expect(404);
    });

    it('keeps a course that has enrollments (hide it instead)', async () => {
      const res = await t.http
        .delete('/api/tutorials/courses/math-grade-5-12')
        .set(admin.auth)
        .expect(409);
      expect(res.body.code).toBe('COURSE_HAS_ENROLLMENTS');
    });

    it('validates the id and both languages', async () => {
      const res = await t.http
        .post('/api/tutorials/courses')
        .set(admin.auth)
        .send({ ...newCourse({ id: 'Bad Id' }), nameAmharic: '' })
        .expect(400);
      expect(res.body.errors).toEqual(
        expect.arrayContaining([
          {
            field: 'id',
            msg: 'Course id may contain only lower-case letters, digits and single hyphens',
            code: 'INVALID_FORMAT',
          },
          { field: 'nameAmharic', msg: 'Amharic name is required', code: 'REQUIRED' },
        ]),
      );
      await t.http
        .put('/api/tutorials/courses/nope')
        .set(admin.auth)
        .send({ name: 'x' })
        .expect(404);
    });

    it('is for admins only', async () => {
      await t.http.post('/api/tutorials/courses').send(newCourse()).expect(401);
      await t.http.post('/api/tutorials/courses').set(member.auth).send(newCourse()).expect(403);
      await t.http
        .put('/api/tutorials/courses/math-grade-5-12')
        .set(member.auth)
        .send({ price: '$1' })
        .expect(403);
      await t.http.delete('/api/tutorials/courses/computer-basics').set(member.auth).expect(403);
    });
  });

  async function decide(id: string, body: Record<string, unknown>): Promise<EnrollmentBody> {
    const res = await t.http
      .put(`/api/tutorials/enrollments/${id}/status`)
      .set(admin.auth)
      .send(body)
      .expect(200);
    return res.body as EnrollmentBody;
  }

  async function findEnrollment(id: string, search: string): Promise<EnrollmentBody> {
    const res = await t.http
      .get(`/api/tutorials/enrollments?search=${encodeURIComponent(search)}&limit=100`)
      .set(admin.auth)
      .expect(200);
    return res.body.enrollments.find((row: EnrollmentBody) => row._id === id);
  }

  /** The enrollment decision emails this address received, once there are at least `count`. */
  async function decisionMails(to: string, count: number) {
    const deadline = Date.now() + 10000;
    const mails = () =>
      smtp.messages.filter(
        (message) =>
          message.to.includes(to.toLowerCase()) && message.subject.startsWith('Your enrollment:'),
      );
    while (mails().length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return mails();
  }

  /** Exactly these decision emails (by a phrase each), in order, once the queue is idle. */
  async function expectMails(to: string, phrases: string[]): Promise<void> {
    await decisionMails(to, phrases.length);
    await t.queue.drain();
    const received = await decisionMails(to, 0);
    expect(received).toHaveLength(phrases.length);
    phrases.forEach((phrase, index) => expect(received[index].raw).toContain(phrase));
  }
});
