import type { APIRoute } from 'astro';
import { createApp } from '../../server/http/app.ts';

export const prerender = false;

const app = createApp();

export const ALL: APIRoute = ({ request }) => app.fetch(request);
