import type { APIRoute } from 'astro';
import { answerApi } from '../../server/http/api-answer.ts';

export const prerender = false;

/** The API through Astro: `astro dev`, and the Node server's first request (then server/http/api-door.ts). */
export const ALL: APIRoute = ({ request, clientAddress, locals }) =>
  answerApi(request, clientAddress, locals.deps);
