import type { FastifyPluginCallback } from 'fastify';
import { basemapLand } from '../geodata/basemap';

/** Where the web app's offline basemap reads its land layer (src/ui/map/basemapStyle.ts). */
export const BASEMAP_LAND_PATH = '/basemap/land.geojson';

/**
 * `GET /basemap/land.geojson`: the offline basemap's land polygons (server/geodata/basemap.ts) as
 * GeoJSON, gzip-encoded when the client accepts it, with a strong ETag (304 on a match) and a day of
 * caching. Public: it holds only OpenStreetMap-derived coastline data (ODbL, attribution in the
 * `X-Data-Attribution` header and the map's attribution control).
 */
export const basemapRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get(BASEMAP_LAND_PATH, async (request, reply) => {
    const land = basemapLand();
    void reply
      .header('cache-control', 'public, max-age=86400')
      .header('etag', land.etag)
      .header('vary', 'accept-encoding')
      .header('x-data-attribution', land.attribution.replace(/[^\x20-\x7e]/g, '(c)'));
    if (request.headers['if-none-match'] === land.etag) return reply.code(304).send();
    const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    if (gzip) void reply.header('content-encoding', 'gzip');
    return reply.type('application/geo+json').send(gzip ? land.gzip : land.json);
  });
  done();
};
