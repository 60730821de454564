import { AppException, ErrorBody, waitText } from './app-exception';
import { AuthErrorCode } from '../../modules/auth/auth.errors';
import { EventsErrorCode } from '../../modules/events/events.errors';
import { CommonErrorCode, FieldErrorCode } from './common.errors';

describe('waitText', () => {
  it('says seconds under a minute and whole minutes, rounded up, from a minute on', () => {
    expect([1, 2, 59, 60, 61, 119, 120, 600].map(waitText)).toEqual([
      'in 1 second',
      'in 2 seconds',
      'in 59 seconds',
      'in 1 minute',
      'in 2 minutes',
      'in 2 minutes',
      'in 2 minutes',
      'in 10 minutes',
    ]);
  });
});

describe('AppException.tooManyRequests', () => {
  it('words the wait into its text and carries it in whole seconds, at least one', () => {
    const body = (ms: number) =>
      AppException.tooManyRequests('RATE_LIMITED', ms, (wait) => `Wait ${wait}.`).getResponse();
    expect(body(44_200)).toEqual<ErrorBody>({
      statusCode: 429,
      msg: 'Wait in 45 seconds.',
      code: 'RATE_LIMITED',
      retryAfter: 45,
    });
    expect(body(0)).toMatchObject({ msg: 'Wait in 1 second.', retryAfter: 1 });
  });
});

describe('AppException bodies', () => {
  const bodyOf = (error: AppException) => error.getResponse() as ErrorBody;

  it('carries a code only when given one, and field errors only when there are some', () => {
    expect(bodyOf(new AppException(400, 'Bad'))).toStrictEqual({ statusCode: 400, msg: 'Bad' });
    expect(
      bodyOf(AppException.badRequest('Bad', CommonErrorCode.VALIDATION_FAILED, [])),
    ).toStrictEqual({
      statusCode: 400,
      msg: 'Bad',
      code: 'VALIDATION_FAILED',
    });
  });

  it('gives every field error a code, INVALID when its producer set none', () => {
    const body = bodyOf(
      AppException.badRequest('Bad', CommonErrorCode.VALIDATION_FAILED, [
        { field: 'title', msg: 'title is required', code: FieldErrorCode.REQUIRED },
        { field: 'slug', msg: 'slug is taken' },
      ]),
    );
    expect(body.errors).toStrictEqual([
      { field: 'title', msg: 'title is required', code: 'REQUIRED' },
      { field: 'slug', msg: 'slug is taken', code: 'INVALID' },
    ]);
  });

  it('answers each status with its default words and code', () => {
    expect(bodyOf(AppException.notFound('No such event'))).toStrictEqual({
      statusCode: 404,
      msg: 'No such event',
      code: 'NOT_FOUND',
    });
    expect(
      bodyOf(AppException.notFound('No such event', EventsErrorCode.EVENT_NOT_FOUND)).code,
    ).toBe('EVENT_NOT_FOUND');
    expect(bodyOf(AppException.conflict('Taken'))).toStrictEqual({ statusCode: 409, msg: 'Taken' });
    expect(bodyOf(AppException.forbidden())).toStrictEqual({
      statusCode: 403,
      msg: 'You do not have permission to do this',
      code: 'FORBIDDEN',
    });
    expect(bodyOf(AppException.forbidden('Blocked', AuthErrorCode.ACCOUNT_BLOCKED))).toStrictEqual({
      statusCode: 403,
      msg: 'Blocked',
      code: 'ACCOUNT_BLOCKED',
    });
    expect(bodyOf(AppException.unauthorized())).toStrictEqual({
      statusCode: 401,
      msg: 'Please log in to continue',
      code: 'UNAUTHORIZED',
    });
    expect(
      bodyOf(AppException.unauthorized('Wrong password', AuthErrorCode.INVALID_CREDENTIALS)).code,
    ).toBe('INVALID_CREDENTIALS');
    expect(
      bodyOf(AppException.unavailable('Down', CommonErrorCode.SERVICE_UNAVAILABLE)),
    ).toStrictEqual({
      statusCode: 503,
      msg: 'Down',
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('answers one field as the validation pipe would', () => {
    expect(bodyOf(AppException.invalidField('cursor', 'cursor is wrong'))).toStrictEqual({
      statusCode: 400,
      msg: 'cursor is wrong',
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'cursor', msg: 'cursor is wrong', code: 'INVALID' }],
    });
    expect(
      bodyOf(AppException.invalidField('email', 'email is wrong', FieldErrorCode.INVALID_EMAIL))
        .errors,
    ).toStrictEqual([{ field: 'email', msg: 'email is wrong', code: 'INVALID_EMAIL' }]);
  });

  it('asks for a wait of exactly 60 s in minutes, and of a second under it in seconds', () => {
    const body = (ms: number) =>
      bodyOf(AppException.tooManyRequests('RATE_LIMITED', ms, (wait) => `Wait ${wait}.`));
    expect(body(60_000)).toMatchObject({ msg: 'Wait in 1 minute.', retryAfter: 60 });
    expect(body(59_001)).toMatchObject({ msg: 'Wait in 1 minute.', retryAfter: 60 });
    expect(body(59_000)).toMatchObject({ msg: 'Wait in 59 seconds.', retryAfter: 59 });
    expect(body(60_001)).toMatchObject({ msg: 'Wait in 2 minutes.', retryAfter: 61 });
  });
});
