import 'reflect-metadata';
import { ArgumentMetadata } from '@nestjs/common';
import { PageQueryDto } from '../pagination/pagination';
import { AppException } from '../errors/app-exception';
import { createValidationPipe } from './validation.pipe';

const asQuery: ArgumentMetadata = { type: 'query', metatype: PageQueryDto };

describe('the validation pipe remembering accepted queries', () => {
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

  it('refuses a bad query every time it is asked, with the field error', async () => {
    const pipe = createValidationPipe();
    for (let i = 0; i < 2; i++) {
      await expect(pipe.transform({ page: '0' }, asQuery)).rejects.toBeInstanceOf(AppException);
      await expect(pipe.transform({ nope: '1' }, asQuery)).rejects.toMatchObject({
        response: expect.objectContaining({ errors: [expect.objectContaining({ field: 'nope' })] }),
      });
    }
  });
});
