import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { isLandCellId, type LandCellId } from '../../src/api/basemap';
import { basemapLand } from '../geodata/basemap';
import { landCellBody } from '../geodata/landCells';
import { sendApiError } from '../http/errorHandler';

/** Where the web app's offline basemap reads its land layer (src/ui/map/basemapStyle.ts). */
export const BASEMAP_LAND_PATH = '/basemap/land.geojson';

/** What both basemap answers send: a body, gzip-encoded when accepted, behind a strong ETag. */
interface CachedBody {
  readonly json: Buffer;
  readonly gzip: Buffer;
  readonly etag: string;
}

function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CachedBody,
  type: string,
): FastifyReply {
  void reply
    .header('cache-control', 'public, max-age=86400')
    .header('etag', body.etag)
    .header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === body.etag) return reply.code(304).send();
  const gzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
  if (gzip) void reply.header('content-encoding', 'gzip');
  return reply.type(type).send(gzip ? body.gzip : body.json);
}

/** The cell a `/basemap/land-cells/{level}/{x}/{y}.json` path names, null when it names none. */
function cellOf(params: { level: string; x: string; file: string }): LandCellId | null {
  const y = /^(\d{1,6})\.json$/.exec(params.file)?.[1];
  if (!/^-?\d{1,2}$/.test(params.level) || !/^\d{1,6}$/.test(params.x) || y === undefined) {
    return null;
  }
  const id = { level: Number(params.level), x: Number(params.x), y: Number(y) };
  return isLandCellId(id) ? id : null;
}

/**
 * `GET /basemap/land.geojson`: the offline basemap's land polygons (server/geodata/basemap.ts) as
 * GeoJSON; `GET /basemap/land-cells/{level}/{x}/{y}.json`: one cell of that land and its coastline,
 * cut for the monitor's card maps (server/geodata/landCells.ts, contract src/api/basemap.ts; 400
 * REQUEST_INVALID for a path naming no cell). Both gzip-encoded when the client accepts it, with a
 * strong ETag (304 on a match) and a day of caching. Public: they hold only OpenStreetMap-derived
 * coastline data (ODbL, attribution in the `X-Data-Attribution` header and on the maps).
 */
export const basemapRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get(BASEMAP_LAND_PATH, async (request, reply) => {
    const land = basemapLand();
    void reply.header('x-data-attribution', land.attribution.replace(/[^\x20-\x7e]/g, '(c)'));
    return sendCached(request, reply, land, 'application/geo+json');
  });
  // The card maps' land and coastline by cell (src/api/basemap.ts; docs/monitor.md "Card maps").
  app.get<{ Params: { level: string; x: string; file: string } }>(
    '/basemap/land-cells/:level/:x/:file',
    async (request, reply) => {
      const id = cellOf(request.params);
      if (id === null) {
        return sendApiError(reply, 400, 'REQUEST_INVALID', 'No such land cell');
      }
      void reply.header('x-data-attribution', '(c) OpenStreetMap contributors');
      return sendCached(request, reply, landCellBody(id), 'application/json; charset=utf-8');
    },
  );
  done();
};
