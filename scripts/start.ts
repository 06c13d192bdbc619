/**
 * `npm start`: the sandbox (the embedded default service, with the demo company), the CORS proxy pointed at
 * it (the way the add-in reaches a service without CORS) and the add-in's dev server, side by side, until Ctrl+C. HTTPS when a localhost key pair can be had (Excel needs it for
 * sideloading), plain HTTP otherwise (CI, containers), said on screen.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import webpack from 'webpack';
import WebpackDevServer from 'webpack-dev-server';
import { DEFAULT_PROXY_PORT, startProxy } from '../src/proxy';
import { startSandbox } from '../src/sandbox';
import { loadDevCertificates } from './dev-certs';

const root = resolve(__dirname, '..');
const pidFile = resolve(root, '.cache', 'start.pid');

async function main(): Promise<void> {
  const devPort = Number(process.env.npm_package_config_dev_server_port ?? 3000);
  const sandboxPort = Number(process.env.SANDBOX_PORT ?? 8787);
  const proxyPort = Number(process.env.PROXY_PORT ?? DEFAULT_PROXY_PORT);
  const certificates = process.env.CASHFLOW_HTTP === '1' ? undefined : await loadDevCertificates();
  const scheme = certificates ? 'https' : 'http';

  const devOrigins = [`https://localhost:${devPort}`, `http://localhost:${devPort}`, `http://127.0.0.1:${devPort}`];
  const sandbox = await startSandbox({ port: sandboxPort, cors: { origins: devOrigins } });
  const proxy = await startProxy({ target: sandbox.url, port: proxyPort, allowedOrigins: devOrigins });

  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const makeConfig = require(resolve(root, 'webpack.config.js')) as (env: object, argv: object) => webpack.Configuration;
  // The preview is what `npm start` prints first: ask the build for it (a production build leaves it out).
  const config = makeConfig({ preview: true }, { mode: 'development' });
  const compiler = webpack(config);
  const server = new WebpackDevServer(
    {
      ...config.devServer,
      port: devPort,
      host: 'localhost',
      server: certificates ? { type: 'https', options: certificates } : { type: 'http' },
    },
    compiler,
  );
  await server.start();

  mkdirSync(resolve(root, '.cache'), { recursive: true });
  writeFileSync(pidFile, String(process.pid));
  const c = sandbox.credentials;
  const addin = `${scheme}://localhost:${devPort}`;
  const manifest = resolve(root, 'manifest.xml');
  // The preview's pane finds the sandbox at http://localhost:8787/ unless the page's ?sandbox= says otherwise.
  const previewUrl = `${addin}/preview.html${sandboxPort === 8787 ? '' : `?sandbox=${encodeURIComponent(sandbox.url)}`}`;
  console.log(
    [
      '',
      'Cash-Flow Planner for Excel is running.',
      '',
      `  See it without Excel:  ${previewUrl}`,
      '    (the real task pane beside a simulated workbook, talking to the sandbox below)',
      '',
      `  Sandbox service:  ${sandbox.url}`,
      `    company         ${c.company.clientId} / ${c.company.clientSecret}`,
      `    group           ${c.group.clientId} / ${c.group.clientSecret}`,
      `    no API edition  ${c.basic.clientId} / ${c.basic.clientSecret}`,
      `  CORS proxy → sandbox: ${proxy.url}`,
      `  Task pane:        ${addin}/taskpane.html`,
      `  Manifest:         ${manifest}`,
      '',
      '  Excel on the web: open a workbook, Home > Add-ins > More settings > Upload my add-in, choose manifest.xml.',
      ...(certificates
        ? []
        : ['    No localhost certificate could be made: serving plain HTTP, fine for the preview; Excel needs HTTPS to sideload.']),
      '  Excel desktop, Windows or Mac (not Linux): in another terminal run',
      '    npx office-addin-debugging start manifest.xml desktop',
      '    or by hand: Windows, share a folder holding manifest.xml, add its \\\\server\\share path under Excel > Options >',
      '    Trust Center > Trusted Add-in Catalogs (Show in Menu), restart Excel, Add-ins > Advanced > Shared Folder;',
      '    Mac, copy manifest.xml to ~/Library/Containers/com.microsoft.Excel/Data/Documents/wef, restart Excel,',
      '    Home > Add-ins (the add-in is listed under Developer Add-ins).',
      '  Stop with Ctrl+C or `npm stop`.',
      '',
    ].join('\n'),
  );

  const stop = async (): Promise<void> => {
    await server.stop();
    await proxy.close();
    await sandbox.close();
    rmSync(pidFile, { force: true });
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
