import type { APIRoute } from 'astro';
import { createApp } from '../../server/http/app.ts';
import { runtimeDeps } from '../../server/runtime.ts';

export const prerender = false;

const app = createApp(runtimeDeps());

export const ALL: APIRoute = ({ request }) => app.fetch(request);
