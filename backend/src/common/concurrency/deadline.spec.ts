import { withinDeadline } from './deadline';

describe('withinDeadline', () => {
  it("answers the work's value when it comes in time", async () => {
    await expect(withinDeadline(async () => 'pong', 1000)).resolves.toBe('pong');
  });

  it("passes the work's own failure on", async () => {
    await expect(withinDeadline(() => Promise.reject(new Error('refused')), 1000)).rejects.toThrow(
      'refused',
    );
  });

  it('rejects once the deadline passes while the work hangs', async () => {
    const started = Date.now();
    await expect(withinDeadline(() => new Promise(() => undefined), 50)).rejects.toThrow(
      'no answer within 50 ms',
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
