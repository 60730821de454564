import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

export const MAX_PAGE_SIZE = 100;
/** Far beyond any real list, and keeps the offset well inside PostgreSQL's 64-bit range. */
export const MAX_PAGE = 1_000_000;

/** `page` and `limit` query parameters, shared by every list. Extend it for filters. */
export class PageQueryDto {
  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be at least 1' })
  @Max(MAX_PAGE, { message: `page must be at most ${MAX_PAGE}` })
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_PAGE_SIZE })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(MAX_PAGE_SIZE, { message: `limit must be at most ${MAX_PAGE_SIZE}` })
  limit?: number;
}

export interface PageWindow {
  page: number;
  limit: number;
  offset: number;
}

/** Resolves a query's page window, with the list's own default page size. */
export function pageWindow(query: PageQueryDto, defaultLimit = 20): PageWindow {
  const page = query.page ?? 1;
  const limit = query.limit ?? defaultLimit;
  return { page, limit, offset: (page - 1) * limit };
}

export type Paginated<K extends string, T> = { [key in K]: T[] } & {
  total: number;
  page: number;
  totalPages: number;
};

/** Builds `{ <items>, total, page, totalPages }`, items named as the spec reads them. */
export function paginated<K extends string, T>(
  key: K,
  items: T[],
  total: number,
  window: PageWindow,
): Paginated<K, T> {
  return {
    [key]: items,
    total,
    page: window.page,
    totalPages: Math.ceil(total / window.limit),
  } as Paginated<K, T>;
}
