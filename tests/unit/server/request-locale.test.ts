import { describe, expect, it } from 'vitest';
import { requestLocale } from '../../../src/server/http/request-locale.ts';

const req = (url: string, acceptLanguage?: string) =>
  new Request(`http://localhost${url}`, {
    headers: acceptLanguage ? { 'Accept-Language': acceptLanguage } : {},
  });

describe('API answer language', () => {
  it.each([
    ['/api/x', undefined, 'en'],
    ['/api/x', 'id-ID,id;q=0.9,en;q=0.8', 'id'],
    ['/api/x', 'fr-FR,en;q=0.5,id;q=0.7', 'id'],
    ['/api/x', 'id;q=0, en', 'en'],
    ['/api/x', 'de, fr', 'en'],
    ['/api/x?lang=id', 'en', 'id'],
    ['/api/x?lang=xx', 'id', 'id'],
  ])('%s with Accept-Language %s answers in %s', (url, header, locale) => {
    expect(requestLocale(req(url, header))).toBe(locale);
  });
});
