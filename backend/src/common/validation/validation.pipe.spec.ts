import 'reflect-metadata';
import { ArgumentMetadata, ValidationPipe } from '@nestjs/common';
import { Type } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
  ValidationError,
} from 'class-validator';
import { PageQueryDto } from '../pagination/pagination';
import { AppException, ErrorBody } from '../errors/app-exception';
import { createValidationPipe, unknownField, validationFailure } from './validation.pipe';

const asQuery: ArgumentMetadata = { type: 'query', metatype: PageQueryDto };

class Address {
  // class-validator checks the lower decorator first.
  @MaxLength(5, { message: 'city must be at most 5 characters' })
  @IsString({ message: 'city must be text' })
  city: string;
}

class Profile {
  @IsEmail({}, { message: 'email must be an email address' })
  email: string;

  @IsOptional()
  @IsIn(['en', 'am'], { message: 'language must be en or am' })
  language?: string;

  @IsOptional()
  @Matches(/^\d{4}$/, { message: 'code must be four digits' })
  code?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => Address)
  address?: Address;
}

/** The 400 body the pipe answers for `body`, or undefined when it passes. */
async function refusal(body: unknown): Promise<ErrorBody | undefined> {
  try {
    await createValidationPipe().transform(body, { type: 'body', metatype: Profile });
    return undefined;
  } catch (error) {
    if (!(error instanceof AppException)) throw error;
    return error.getResponse() as ErrorBody;
  }
}

describe('the validation pipe remembering accepted queries', () => {
  afterEach(() => jest.restoreAllMocks());

  it('gives the same checked query each time, as a fresh object of the DTO class', async () => {
    const pipe = createValidationPipe();
    const first = (await pipe.transform({ page: '2', limit: '5' }, asQuery)) as PageQueryDto;
    const second = (await pipe.transform({ page: '2', limit: '5' }, asQuery)) as PageQueryDto;
    expect(first).toEqual({ page: 2, limit: 5 });
    expect(second).toEqual(first);
    expect(second).toBeInstanceOf(PageQueryDto);
    expect(second).not.toBe(first);
    // A handler changing its copy changes nobody else's.
    first.page = 99;
    expect(await pipe.transform({ page: '2', limit: '5' }, asQuery)).toEqual({ page: 2, limit: 5 });
  });

  it('checks a query string once, and a body or an untyped argument every time', async () => {
    const checks = jest.spyOn(ValidationPipe.prototype, 'transform');
    const pipe = createValidationPipe();
    await pipe.transform({ page: '3' }, asQuery);
    await pipe.transform({ page: '3' }, asQuery);
    expect(checks).toHaveBeenCalledTimes(1);
    // The same text for another DTO class is checked for that class.
    class OtherQuery extends PageQueryDto {}
    await pipe.transform({ page: '3' }, { type: 'query', metatype: OtherQuery });
    expect(checks).toHaveBeenCalledTimes(2);
    for (const metadata of [
      { type: 'body', metatype: PageQueryDto },
      { type: 'query' },
    ] as ArgumentMetadata[]) {
      checks.mockClear();
      await pipe.transform({ page: '3' }, metadata);
      await pipe.transform({ page: '3' }, metadata);
      expect(checks).toHaveBeenCalledTimes(2);
    }
    // A single named query parameter is no object: not remembered either.
    checks.mockClear();
    const named: ArgumentMetadata = { type: 'query', metatype: Number, data: 'page' };
    expect(await pipe.transform('3', named)).toBe(3);
    expect(await pipe.transform('3', named)).toBe(3);
    expect(await pipe.transform(undefined, named)).toBeUndefined();
    expect(checks).toHaveBeenCalledTimes(3);
  });

  it('does not remember what the checks gave when it is no object', async () => {
    const checks = jest.spyOn(ValidationPipe.prototype, 'transform').mockResolvedValueOnce('odd');
    const pipe = createValidationPipe();
    expect(await pipe.transform({ page: '4' }, asQuery)).toBe('odd');
    expect(await pipe.transform({ page: '4' }, asQuery)).toEqual({ page: 4 });
    expect(checks).toHaveBeenCalledTimes(2);
  });

  it('remembers at most 500 query strings per DTO class, forgetting the oldest first', async () => {
    const pipe = createValidationPipe();
    for (let page = 1; page <= 501; page++) await pipe.transform({ page: String(page) }, asQuery);
    const checks = jest.spyOn(ValidationPipe.prototype, 'transform');
    // Pages 2 to 501 are the 500 remembered; page 1, the oldest, was let go for page 501.
    await pipe.transform({ page: '2' }, asQuery);
    await pipe.transform({ page: '501' }, asQuery);
    expect(checks).not.toHaveBeenCalled();
    expect(await pipe.transform({ page: '1' }, asQuery)).toEqual({ page: 1 });
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it('refuses a bad query every time it is asked, with the field error', async () => {
    const pipe = createValidationPipe();
    for (let i = 0; i < 2; i++) {
      await expect(pipe.transform({ page: '0' }, asQuery)).rejects.toMatchObject({
        response: {
          statusCode: 400,
          code: 'VALIDATION_FAILED',
          msg: 'page must be at least 1',
          errors: [{ field: 'page', msg: 'page must be at least 1', code: 'OUT_OF_RANGE' }],
        },
      });
      await expect(pipe.transform({ nope: '1' }, asQuery)).rejects.toMatchObject({
        response: {
          errors: [{ field: 'nope', msg: 'nope is not an allowed field', code: 'UNKNOWN_FIELD' }],
        },
      });
    }
  });
});

describe('field errors: each with its field, text and code', () => {
  it('names the first failed check of each field by its code', async () => {
    expect(
      await refusal({ email: 'nobody', language: 'fr', code: '12', address: { city: 7 } }),
    ).toEqual({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      msg: 'email must be an email address, language must be en or am, code must be four digits, city must be text',
      errors: [
        { field: 'email', msg: 'email must be an email address', code: 'INVALID_EMAIL' },
        { field: 'language', msg: 'language must be en or am', code: 'NOT_ALLOWED' },
        { field: 'code', msg: 'code must be four digits', code: 'INVALID_FORMAT' },
        // Nested fields by their dotted path; one error per field (stopAtFirstError).
        { field: 'address.city', msg: 'city must be text', code: 'WRONG_TYPE' },
      ],
    });
    expect(
      (await refusal({ email: 'a@example.org', address: { city: 'Addis Ababa' } }))?.errors,
    ).toEqual([
      { field: 'address.city', msg: 'city must be at most 5 characters', code: 'TOO_LONG' },
    ]);
  });

  it('reports a missing, null or blank value as REQUIRED whatever check failed', async () => {
    for (const email of [undefined, null, '', '   ']) {
      expect((await refusal({ email }))?.errors).toEqual([
        { field: 'email', msg: 'email must be an email address', code: 'REQUIRED' },
      ]);
    }
    // A value that is there but wrong keeps its own code.
    expect((await refusal({ email: 5 }))?.errors?.[0]?.code).toBe('INVALID_EMAIL');
  });

  it('refuses unknown fields by name and lets a valid body through', async () => {
    expect((await refusal({ email: 'a@example.org', admin: true }))?.errors).toEqual([
      unknownField('admin'),
    ]);
    expect(unknownField('address.zip')).toEqual({
      field: 'address.zip',
      msg: 'address.zip is not an allowed field',
      code: 'UNKNOWN_FIELD',
    });
    expect(await refusal({ email: 'a@example.org', address: { city: 'Rome' } })).toBeUndefined();
  });

  it('codes a check it has no code for as INVALID, and words an empty failure', () => {
    const unknownCheck = Object.assign(new ValidationError(), {
      property: 'slug',
      value: 'x',
      constraints: { isSlugLike: 'slug must be a slug' },
      children: [],
    });
    expect(validationFailure([unknownCheck]).getResponse()).toMatchObject({
      msg: 'slug must be a slug',
      errors: [{ field: 'slug', msg: 'slug must be a slug', code: 'INVALID' }],
    });
    expect(validationFailure([]).getResponse()).toEqual({
      statusCode: 400,
      msg: 'The request is not valid',
      code: 'VALIDATION_FAILED',
    });
  });
});
