import { defineMiddleware, sequence } from 'astro:middleware';
import { compressResponse } from './server/http/compress.ts';

/** Dynamic HTML and JSON leave compressed; static files are compressed at build and served by src/server/main.ts. */
const compress = defineMiddleware(async (context, next) => {
  if (context.isPrerendered) return next();
  const response = await next();
  return await compressResponse(context.request, response);
});

export const onRequest = sequence(compress);
