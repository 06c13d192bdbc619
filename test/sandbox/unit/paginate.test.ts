import { ApiError } from '../../../src/sandbox/api-error';
import { pageLink, paginate, readPageSize } from '../../../src/sandbox/paginate';
import { QueryParams } from '../../../src/sandbox/query-params';

const target = (query: string) => ({
  query: QueryParams.fromUrl(`/x/?${query}`),
  lang: 'en' as const,
  linkOrigin: 'http://api.example.test',
  path: '/transactions/',
});
const items = Array.from({ length: 250 }, (_, i) => i);

describe('pagination', () => {
  it('reads page_size as DRF: default 100, capped at 1000, invalid values fall back to the default', () => {
    expect(readPageSize(QueryParams.fromUrl('/?'))).toBe(100);
    expect(readPageSize(QueryParams.fromUrl('/?page_size=5000'))).toBe(1000);
    expect(readPageSize(QueryParams.fromUrl('/?page_size=0'))).toBe(100);
    expect(readPageSize(QueryParams.fromUrl('/?page_size=abc'))).toBe(100);
    expect(readPageSize(QueryParams.fromUrl('/?page_size=7'))).toBe(7);
  });

  it('builds links on the link host with sorted parameters and page replaced; page 1 carries no page', () => {
    const page = paginate(items, target('page_size=100&page=2&category=5&category=3&search=a b'));
    expect(page.count).toBe(250);
    expect(page.items[0]).toBe(100);
    expect(page.next).toBe('http://api.example.test/transactions/?category=5&category=3&page=3&page_size=100&search=a+b');
    expect(page.previous).toBe('http://api.example.test/transactions/?category=5&category=3&page_size=100&search=a+b');
  });

  it('has no next on the last page and no previous on the first', () => {
    expect(paginate(items, target('page=3')).next).toBeNull();
    expect(paginate(items, target('')).previous).toBeNull();
    expect(paginate(items, target('page=last')).items).toHaveLength(50);
  });

  it('answers 404 "Invalid page." for pages out of range or not integers; an empty first page is fine', () => {
    for (const page of ['0', '4', 'abc', '1.0', '-1']) {
      expect(() => paginate(items, target(`page=${page}`))).toThrow(ApiError);
    }
    try {
      paginate(items, target('page=9'));
    } catch (error) {
      expect((error as ApiError).status).toBe(404);
      expect((error as ApiError).body).toEqual({ detail: 'Invalid page.' });
    }
    expect(paginate([], target('')).count).toBe(0);
  });

  it('pageLink without other parameters', () => {
    expect(pageLink('http://h', '/banks/', QueryParams.fromUrl('/banks/?page=2'), null)).toBe('http://h/banks/');
  });
});
