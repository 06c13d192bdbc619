/**
 * `npm start`: the sandbox (the embedded default service, with the demo company), the CORS proxy pointed at
 * it (the way the add-in reaches a service without CORS) and the add-in's dev server, side by side, until Ctrl+C.
 * HTTPS when a localhost key pair can be had (Excel needs it for sideloading), plain HTTP otherwise (CI, containers),
 * said on screen. The addresses are printed once the first build is served: a page opened then answers at once.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { manifestForDevPort } from '../src/deploy/manifest-for-origin';
import { DEFAULT_PROXY_PORT, startProxy } from '../src/proxy';
import { startSandbox } from '../src/sandbox';
import { loadDevCertificates } from './dev-certs';
import { portsFromEnvironment, probePort, explainPortInUse } from './start-ports';
import { startBanner } from './start-banner';

const root = resolve(__dirname, '..');
const pidFile = resolve(root, '.cache', 'start.pid');

/** manifest.xml, or on another port than 3000 a copy in .cache naming that port (sideloading it loads from here). */
function devManifest(port: number): string {
  const manifest = resolve(root, 'manifest.xml');
  const xml = readFileSync(manifest, 'utf8');
  const forPort = manifestForDevPort(xml, port);
  if (forPort === xml) return manifest;
  const copy = resolve(root, '.cache', `manifest-localhost-${port}.xml`);
  writeFileSync(copy, forPort);
  return copy;
}

/** The dev server over the development build with the preview, and a promise of its first finished build. */
function devServer(port: number, certificates: Awaited<ReturnType<typeof loadDevCertificates>>) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const makeConfig = require(resolve(root, 'webpack.config.js')) as (env: object, argv: object) => webpack.Configuration;
  // The preview is what `npm start` prints first: ask the build for it (a production build leaves it out).
  const config = makeConfig({ preview: true }, { mode: 'development' });
  const compiler = webpack(config);
  const firstBuild = new Promise<webpack.Stats>((done) => compiler.hooks.done.tap('npm start', done));
  const server = new WebpackDevServer(
    {
      ...config.devServer,
      port,
      host: 'localhost',
      server: certificates ? { type: 'https', options: certificates } : { type: 'http' },
    },
    compiler,
  );
  return { server, firstBuild };
}

async function main(): Promise<void> {
  const ports = portsFromEnvironment(process.env, DEFAULT_PROXY_PORT);
  const certificates = process.env.CASHFLOW_HTTP === '1' ? undefined : await loadDevCertificates();
  const scheme = certificates ? 'https' : 'http';

  const devOrigins = [`https://localhost:${ports.dev}`, `http://localhost:${ports.dev}`, `http://127.0.0.1:${ports.dev}`];
  const sandbox = await explainPortInUse('SANDBOX_PORT', ports.sandbox, () =>
    startSandbox({ port: ports.sandbox, cors: { origins: devOrigins } }),
  );
  const proxy = await explainPortInUse('PROXY_PORT', ports.proxy, () =>
    startProxy({ target: sandbox.url, port: ports.proxy, allowedOrigins: devOrigins }),
  );
  const { server, firstBuild } = devServer(ports.dev, certificates);
  // webpack-dev-server throws a port in use from a callback, out of reach: the port is tried first.
  await explainPortInUse('DEV_SERVER_PORT', ports.dev, async () => {
    await probePort('localhost', ports.dev);
    await server.start();
  });
  console.log(`\nBuilding the add-in (the first build takes up to a minute); its address follows once it is served …\n`);

  const stop = async (): Promise<void> => {
    await server.stop();
    await proxy.close();
    await sandbox.close();
    rmSync(pidFile, { force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  mkdirSync(resolve(root, '.cache'), { recursive: true });
  writeFileSync(pidFile, String(process.pid));

  const stats = await firstBuild;
  await new Promise((next) => setImmediate(next)); // after the dev server's own report of the build
  console.log(
    startBanner({
      addin: `${scheme}://localhost:${ports.dev}`,
      sandboxUrl: sandbox.url,
      defaultSandbox: ports.sandbox === 8787,
      credentials: sandbox.credentials,
      proxyUrl: proxy.url,
      manifest: devManifest(ports.dev),
      https: certificates !== undefined,
      buildFailed: stats.hasErrors(),
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
