// The searches the benches send: every route, the next 14 days and a few parties, so no single answer is cached.
import { agencyToday } from '../../../src/domain/agency.ts';
import { addDays } from '../../../src/domain/port-time.ts';
import { loadNetworkData } from '../../../src/server/network-data.ts';

export function searchPaths(): string[] {
  const network = loadNetworkData();
  const today = agencyToday(new Date());
  const parties = ['adults=1', 'adults=2&children=1', 'adults=2&children=2&infants=1', 'adults=4'];
  const paths: string[] = [];
  for (const route of network.routes)
    for (let day = 1; day <= 14; day++) {
      const date = addDays(today, day);
      const party = parties[(day + route.id.length) % parties.length] ?? 'adults=1';
      paths.push(`/api/schedules?trip=one_way&from=${route.from}&to=${route.to}&date=${date}&${party}`);
    }
  return paths;
}
