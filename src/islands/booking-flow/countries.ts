export interface CountryOption {
  code: string;
  dial: string;
  name: string;
}

/** The `countries` prop, read back into options. */
export function parseCountries(packed: string): CountryOption[] {
  return packed.split('\n').map((line) => {
    const [code = '', dial = '', name = ''] = line.split('\t');
    return { code, dial, name };
  });
}
