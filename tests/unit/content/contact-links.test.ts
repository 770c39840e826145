import { describe, expect, it } from 'vitest';
import { telHref, whatsappHref } from '../../../src/content/lib/contact-links.ts';

describe('contact links', () => {
  it('dials the number without spaces', () => {
    expect(telHref('+62 778 470 2005')).toBe('tel:+627784702005');
  });

  it('opens a WhatsApp chat by digits only', () => {
    expect(whatsappHref('+62 811 7700 2005')).toBe('https://wa.me/6281177002005');
    expect(whatsappHref('+65 8770 2005', '')).toBe('https://wa.me/6587702005');
  });

  it('types a message, encoded, when there is one', () => {
    const href = whatsappHref('+62 811 7700 2005', 'Halo, kode booking SGR-7K2M & 50% ok?');
    expect(href).toBe(
      'https://wa.me/6281177002005?text=Halo%2C%20kode%20booking%20SGR-7K2M%20%26%2050%25%20ok%3F',
    );
    expect(new URL(href).searchParams.get('text')).toBe('Halo, kode booking SGR-7K2M & 50% ok?');
  });
});
