import 'reflect-metadata';
import { ArgumentMetadata } from '@nestjs/common';
import { IsBoolean, IsOptional, IsString } from 'class-validator';
import { AppException } from '../errors/app-exception';
import { notNullMessage, OptionalNotNull, PartialNotNullType } from './optional.decorators';
import { RequiredText } from './text.decorators';
import { createValidationPipe } from './validation.pipe';

class CreateThing {
  @RequiredText('Title', 50) title: string;

  @OptionalNotNull()
  @IsBoolean({ message: 'featured must be true or false' })
  featured?: boolean;

  @IsOptional()
  @IsString({ message: 'note must be text' })
  note?: string | null;
}

class UpdateThing extends PartialNotNullType(CreateThing) {}

async function check(dto: new () => object, body: unknown) {
  const metadata: ArgumentMetadata = { type: 'body', metatype: dto };
  try {
    return await createValidationPipe().transform(body, metadata);
  } catch (error) {
    if (!(error instanceof AppException)) throw error;
    return error.getResponse();
  }
}

describe('OptionalNotNull and PartialNotNullType', () => {
  it('lets the field be left out', async () => {
    expect(await check(CreateThing, { title: 'A' })).toEqual({ title: 'A' });
    expect(await check(UpdateThing, {})).toEqual({});
  });

  it('refuses null with a REQUIRED field error, before the type check', async () => {
    for (const dto of [CreateThing, UpdateThing]) {
      expect(await check(dto, { title: 'A', featured: null })).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'featured', msg: notNullMessage('featured'), code: 'REQUIRED' }],
      });
    }
  });

  it('still checks a value that is sent', async () => {
    expect(await check(UpdateThing, { featured: 'yes' })).toMatchObject({
      errors: [{ field: 'featured', msg: 'featured must be true or false', code: 'WRONG_TYPE' }],
    });
  });

  it('keeps required fields of the create body non-null in the update body', async () => {
    expect(await check(UpdateThing, { title: null })).toMatchObject({
      errors: [{ field: 'title', msg: 'Title is required', code: 'REQUIRED' }],
    });
  });

  it('keeps accepting null where the create body says IsOptional', async () => {
    expect(await check(UpdateThing, { note: null })).toEqual({ note: null });
  });
});
