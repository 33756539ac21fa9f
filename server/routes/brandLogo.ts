import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database';
import { sendApiError } from '../http/errorHandler';

const Params = z.object({
  brandId: z.coerce
    .number<number>()
    .int()
    .positive()
    .max(2 ** 53),
});
const Query = z.object({ theme: z.enum(['DARK', 'LIGHT']).default('LIGHT') });

/** What a logo may do when opened on its own: draw, nothing else (an uploaded SVG runs no script). */
const LOGO_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

/** `#RRGGBB`, or the default brand blue when a stored colour is not one (it goes into markup). */
function safeColour(colour: string): string {
  return /^#[0-9a-fA-F]{6}$/.test(colour) ? colour : '#0b6bcb';
}

/**
 * The logo drawn when a brand has none of its own: a rounded square in the brand's colour for the
 * theme with a white heartbeat line (Lifeline's mark), 64×64 SVG.
 */
export function generatedLogo(colour: string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">',
    `<rect width="64" height="64" rx="14" fill="${safeColour(colour)}"/>`,
    '<path d="M8 34h12l5-12 8 22 6-16 4 6h13" fill="none" stroke="#fff" stroke-width="5"',
    ' stroke-linecap="round" stroke-linejoin="round"/>',
    '</svg>',
  ].join('');
}

/**
 * `GET /brands/brand-logo/{brandId}?theme=DARK|LIGHT` (spec app §7; issue 8 item 2: a client's brand
 * on its pages). The `Logo` document of a client of that brand when one exists (client documents,
 * app §3), else {@link generatedLogo} in the brand's colour for the theme (BrandColorDark or
 * BrandColorLight). 404 NOT_FOUND for a brand no client has; 400 REQUEST_INVALID for a malformed id or
 * theme. Public and cacheable for an hour; served with a CSP that lets an SVG draw and nothing more.
 */
export const brandLogoRoutes: FastifyPluginCallbackZod<{ db: Db }> = (app, { db }, done) => {
  app.get(
    '/brands/brand-logo/:brandId',
    { schema: { params: Params, querystring: Query } },
    async (request, reply) => {
      const client = await db
        .selectFrom('clients')
        .select(['client_id', 'brand_color_dark', 'brand_color_light'])
        .where('brand_id', '=', request.params.brandId)
        .orderBy('client_id')
        .executeTakeFirst();
      if (!client) return sendApiError(reply, 404, 'NOT_FOUND', 'No such brand');
      const own = await db
        .selectFrom('client_documents')
        .select(['content', 'content_type'])
        .where('client_id', '=', client.client_id)
        .where('type', '=', 'Logo')
        .orderBy('last_update_ms', 'desc')
        .executeTakeFirst();
      const colour =
        request.query.theme === 'DARK' ? client.brand_color_dark : client.brand_color_light;
      return reply
        .type(own?.content_type ?? 'image/svg+xml')
        .header('cache-control', 'public, max-age=3600')
        .header('content-security-policy', LOGO_CSP)
        .send(own?.content ?? generatedLogo(colour));
    },
  );
  done();
};
