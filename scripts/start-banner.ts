/** What `npm start` prints once the first build is served: the preview first, then the services, then Excel. */

interface Credential {
  clientId: string;
  clientSecret: string;
}

export interface BannerFacts {
  /** `https://localhost:3000` or `http://…`: where the dev server serves the add-in. */
  addin: string;
  sandboxUrl: string;
  /** The sandbox is where the preview looks when the page names none (http://localhost:8787/). */
  defaultSandbox: boolean;
  credentials: { company: Credential; group: Credential; basic: Credential };
  proxyUrl: string;
  /** The manifest to sideload: manifest.xml, or on another port a copy naming it (scripts/start.ts). */
  manifest: string;
  https: boolean;
  buildFailed: boolean;
}

export function startBanner(facts: BannerFacts): string {
  const { company, group, basic } = facts.credentials;
  // manifest.xml by name where it is the repository's own; a copy for another port by its path.
  const file = /(^|[\\/])manifest\.xml$/.test(facts.manifest) ? 'manifest.xml' : facts.manifest;
  const previewUrl = `${facts.addin}/preview.html${facts.defaultSandbox ? '' : `?sandbox=${encodeURIComponent(facts.sandboxUrl)}`}`;
  return [
    '',
    'Cash-Flow Planner for Excel is running.',
    ...(facts.buildFailed ? ['', '  The build failed (the errors are above): the pages show the last good build, if any.'] : []),
    '',
    `  See it without Excel:  ${previewUrl}`,
    '    (the real task pane beside a simulated workbook, talking to the sandbox below)',
    '',
    `  Sandbox service:  ${facts.sandboxUrl}`,
    `    company         ${company.clientId} / ${company.clientSecret}`,
    `    group           ${group.clientId} / ${group.clientSecret}`,
    `    no API edition  ${basic.clientId} / ${basic.clientSecret}`,
    `  CORS proxy → sandbox: ${facts.proxyUrl}`,
    `  Task pane:        ${facts.addin}/taskpane.html`,
    `  Manifest:         ${facts.manifest}`,
    '',
    `  Excel on the web: open a workbook, Home > Add-ins > More settings > Upload my add-in, choose ${file}.`,
    ...(facts.https
      ? []
      : ['    No localhost certificate could be made: serving plain HTTP, fine for the preview; Excel needs HTTPS to sideload.']),
    '  Excel desktop, Windows or Mac (not Linux): in another terminal run',
    `    npx office-addin-debugging start ${file} desktop`,
    `    or by hand: Windows, share a folder holding ${file}, add its \\\\server\\share path under Excel > Options >`,
    '    Trust Center > Trusted Add-in Catalogs (Show in Menu), restart Excel, Add-ins > Advanced > Shared Folder;',
    `    Mac, copy ${file} to ~/Library/Containers/com.microsoft.Excel/Data/Documents/wef, restart Excel,`,
    '    Home > Add-ins (the add-in is listed under Developer Add-ins).',
    '  Ports: DEV_SERVER_PORT, SANDBOX_PORT, PROXY_PORT. Stop with Ctrl+C or `npm stop`.',
    '',
  ].join('\n');
}
