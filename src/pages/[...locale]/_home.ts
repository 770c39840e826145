import * as m from '../../paraglide/messages.js';
import { getCounters } from '../../content/lib/contacts.ts';
import type { Locale } from '../../i18n/locales.ts';
import { Network } from '../../server/network.ts';
import { agencyToday } from '../../domain/agency.ts';
import { searchValues, terminalOptions } from '../../server/views/search-form-props.ts';

/** Why book here: four reasons, each with its icon's path (a 24-unit square). */
function reasons(locale: Locale) {
  const t = { locale };
  return [
    {
      title: m.home_why_prices_title({}, t),
      text: m.home_why_prices_text({}, t),
      icon: 'M4 7h16v10H4zM8 12h8M12 9v6',
    },
    {
      title: m.home_why_pay_title({}, t),
      text: m.home_why_pay_text({}, t),
      icon: 'M3 10l9-6 9 6M5 10v8M19 10v8M9 10v8M15 10v8M3 20h18',
    },
    { title: m.home_why_seats_title({}, t), text: m.home_why_seats_text({}, t), icon: 'M5 13l4 4L19 7' },
    {
      title: m.home_why_help_title({}, t),
      text: m.home_why_help_text({}, t),
      icon: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5',
    },
  ];
}

/**
 * The home page's content, built once per deploy in each language: the search form's terminals and starting values
 * (the island moves the earliest date to the phone's today when it hydrates), the counters' hours and the reasons.
 */
export async function buildHome(locale: Locale) {
  return {
    counters: await getCounters(),
    terminals: terminalOptions(new Network(), locale),
    initial: searchValues(new URLSearchParams()),
    buildDay: agencyToday(new Date()),
    reasons: reasons(locale),
  };
}
