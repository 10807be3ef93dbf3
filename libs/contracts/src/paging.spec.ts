import { plainToInstance } from 'class-transformer';
import { validateSync } from '@app/validation';
import { ListDecisionsRequest } from './decisions.contract';
import { ListInquiriesRequest } from './leads-requests.contract';
import { MAX_PAGE_LIMIT, MAX_PAGE_OFFSET, pageFrom } from './paging';

/** What the service edge does with a payload: the contract validation pipe's options. */
function problems(cls: new () => object, payload: object): string[] {
  const request = plainToInstance(cls, payload);
  return validateSync(request, { whitelist: true, forbidNonWhitelisted: true }).map((error) => error.property);
}

const WORKSPACE = '8f0b8c3e-2c61-4f4e-9a53-0d8e4f1b2a10';
const ACCOUNT = '1d7c6a52-93b1-4c3e-8a0e-5b2f9e7d4c21';

describe('PageRequest', () => {
  it('should page from the start, 20 at a time, when the request leaves limit and offset out', () => {
    const request = plainToInstance(ListDecisionsRequest, { workspace_id: WORKSPACE });
    expect(request).toMatchObject({ workspace_id: WORKSPACE, limit: 20, offset: 0 });
    expect(problems(ListDecisionsRequest, { workspace_id: WORKSPACE })).toEqual([]);
  });

  it('should refuse a limit or offset outside the page bounds when the rest is valid', () => {
    const valid = { workspace_id: WORKSPACE, limit: MAX_PAGE_LIMIT, offset: MAX_PAGE_OFFSET };
    expect(problems(ListDecisionsRequest, valid)).toEqual([]);
    expect(problems(ListDecisionsRequest, { ...valid, limit: MAX_PAGE_LIMIT + 1 })).toEqual(['limit']);
    expect(problems(ListDecisionsRequest, { ...valid, limit: 0 })).toEqual(['limit']);
    expect(problems(ListDecisionsRequest, { ...valid, offset: MAX_PAGE_OFFSET + 1 })).toEqual(['offset']);
    expect(problems(ListDecisionsRequest, { ...valid, offset: -1 })).toEqual(['offset']);
    expect(problems(ListDecisionsRequest, { ...valid, limit: 1.5 })).toEqual(['limit']);
  });
});

describe('Paged', () => {
  it('should check both the reference fields and the page bounds when a request extends a reference class', () => {
    const valid = { account_id: ACCOUNT, as: 'buyer', limit: 10, offset: 30 };
    expect(problems(ListInquiriesRequest, valid)).toEqual([]);
    expect(problems(ListInquiriesRequest, { ...valid, account_id: 'nope' })).toEqual(['account_id']);
    expect(problems(ListInquiriesRequest, { ...valid, limit: MAX_PAGE_LIMIT + 1 })).toEqual(['limit']);
    expect(problems(ListInquiriesRequest, { ...valid, offset: MAX_PAGE_OFFSET + 1 })).toEqual(['offset']);
  });

  it('should refuse a field the contract does not have when a request is paged', () => {
    expect(problems(ListInquiriesRequest, { account_id: ACCOUNT, as: 'buyer', page: 2 })).toEqual(['page']);
  });
});

describe('pageFrom', () => {
  it('should keep limit rows and say a next page exists when the query found one row more', () => {
    expect(pageFrom([1, 2, 3], { limit: 2, offset: 4 }, (n) => `#${n}`)).toEqual({
      object: 'list',
      data: ['#1', '#2'],
      limit: 2,
      offset: 4,
      has_more: true,
    });
  });

  it('should say no next page exists when the query found no more than limit rows', () => {
    expect(pageFrom([1, 2], { limit: 2, offset: 0 }, (n) => n * 10)).toMatchObject({ data: [10, 20], has_more: false });
    expect(pageFrom([], { limit: 20, offset: 40 }, (n: number) => n)).toMatchObject({ data: [], has_more: false });
  });
});
