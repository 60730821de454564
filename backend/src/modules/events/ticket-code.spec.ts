import type { AppConfig } from '../../config/config';
import { TicketCodes } from './ticket-code';

const codesWith = (jwtSecret: string) => new TicketCodes({ jwtSecret } as AppConfig);
const ticket = {
  eventId: '0f6b7c1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f',
  userId: 'a1b2c3d4-e5f6-4789-8abc-def012345678',
};

describe('TicketCodes', () => {
  const codes = codesWith('a-secret-that-is-long-enough-for-tests-123');

  it('reads back the ticket it signed', () => {
    const code = codes.codeOf(ticket);
    expect(code).toMatch(/^DT1\.[\w-]{43}\.[\w-]{22}$/);
    expect(codes.read(code)).toEqual(ticket);
    expect(codes.read(` ${code}\n`)).toEqual(ticket);
  });

  it('refuses a code signed with another secret, altered, or spelt otherwise', () => {
    const code = codes.codeOf(ticket);
    expect(codesWith('another-secret-that-is-long-enough-456').read(code)).toBeUndefined();
    const [prefix, body, mac] = code.split('.');
    const other = codes.codeOf({ ...ticket, userId: 'b1b2c3d4-e5f6-4789-8abc-def012345678' });
    expect(codes.read(`${prefix}.${other.split('.')[1]}.${mac}`)).toBeUndefined();
    expect(codes.read(`${prefix}.${body}=.${mac}`)).toBeUndefined();
    expect(codes.read(`DT2.${body}.${mac}`)).toBeUndefined();
    expect(codes.read(`${code}.x`)).toBeUndefined();
    expect(codes.read('')).toBeUndefined();
  });
});
