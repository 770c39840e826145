/**
 * The phone picker's country before anyone picks one, and the country a posted phone is read in when its form
 * sent none: Indonesia, where the agency sells. Its own module, with no imports, so an island takes only this.
 */
export const DEFAULT_PHONE_COUNTRY = 'ID';
