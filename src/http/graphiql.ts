import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';

const require = createRequire(import.meta.url);
/** A file of an installed package (by its folder: these packages do not export their browser builds). */
const fileOf = (pkg: string, file: string) => join(dirname(require.resolve(`${pkg}/package.json`)), file);

/**
 * GraphiQL's assets, served from this server's own node_modules (the graphiql, react and react-dom
 * packages), so the IDE works without reaching any CDN: offline, behind a firewall, under a strict
 * Content-Security-Policy.
 */
export const GRAPHIQL_ASSETS: Record<string, { file: string; type: string }> = {
  'react.production.min.js': { file: fileOf('react', 'umd/react.production.min.js'), type: 'text/javascript; charset=utf-8' },
  'react-dom.production.min.js': { file: fileOf('react-dom', 'umd/react-dom.production.min.js'), type: 'text/javascript; charset=utf-8' },
  'graphiql.min.js': { file: fileOf('graphiql', 'graphiql.min.js'), type: 'text/javascript; charset=utf-8' },
  'graphiql.min.css': { file: fileOf('graphiql', 'graphiql.min.css'), type: 'text/css; charset=utf-8' },
};

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>GraphiQL: city-building games server</title>
  <meta name="robots" content="noindex">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <style>body { margin: 0; overflow: hidden; } #graphiql { height: 100vh; }</style>
  <link rel="stylesheet" href="/graphiql/assets/graphiql.min.css">
</head>
<body>
  <div id="graphiql">Loading GraphiQL...</div>
  <script src="/graphiql/assets/react.production.min.js"></script>
  <script src="/graphiql/assets/react-dom.production.min.js"></script>
  <script src="/graphiql/assets/graphiql.min.js"></script>
  <script src="/graphiql/assets/boot.js"></script>
</body>
</html>
`;

/**
 * Starts GraphiQL on /graphql (queries over HTTP, subscriptions over graphql-ws on the same path).
 * No default header: the schema loads by introspection, which needs no token (a placeholder
 * `Authorization: Bearer <seat token>` would be sent as it is, and answered 401). The first query
 * says how to add a token in the Headers tab; a placeholder kept from an older version of this page
 * (headers persist in the browser's storage) is dropped.
 */
const DEFAULT_QUERY = `# GraphiQL for the city-building games server: the Docs (book icon) list every type.
# Reading needs no token. To act as a seat or a player, open "Headers" below and add
#   { "Authorization": "Bearer <the seat or player token>" }
# (the token a game's creation or join answered).
query GameTypes {
  gameTypes { id name minPlayers maxPlayers }
}
`;

const BOOT = `(function () {
  try {
    var kept = localStorage.getItem('graphiql:headers');
    if (kept && kept.indexOf('<seat token>') >= 0) localStorage.removeItem('graphiql:headers');
  } catch (e) { /* no storage: nothing kept */ }
  var ws = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/graphql';
  var fetcher = GraphiQL.createFetcher({ url: location.origin + '/graphql', subscriptionUrl: ws });
  ReactDOM.createRoot(document.getElementById('graphiql')).render(
    React.createElement(GraphiQL, { fetcher: fetcher, headerEditorEnabled: true, shouldPersistHeaders: true, defaultQuery:
      ${JSON.stringify(DEFAULT_QUERY)} })
  );
})();
`;

/** GET /graphiql (the page) and GET /graphiql/assets/<name> (its scripts and style sheet). */
export async function registerGraphiql(app: FastifyInstance): Promise<void> {
  app.get('/graphiql', { schema: { hide: true } }, async (_req, reply) => reply.type('text/html; charset=utf-8').send(PAGE));
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get('/graphiql/assets/:name', { schema: { hide: true, params: Type.Object({ name: Type.String() }) } }, async (req, reply) => {
      if (req.params.name === 'boot.js') return reply.type('text/javascript; charset=utf-8').send(BOOT);
      const asset = GRAPHIQL_ASSETS[req.params.name];
      if (!asset) return reply.callNotFound();
      return reply.type(asset.type).header('Cache-Control', 'public, max-age=86400').send(createReadStream(asset.file));
    });
}
