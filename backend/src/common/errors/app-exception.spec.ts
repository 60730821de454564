import { AppException, ErrorBody, waitText } from './app-exception';

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
