/**
 * LibreOffice opens the template and renders it (`soffice --headless --convert-to pdf`, Debian's
 * libreoffice-calc-nogui; `.ci/run` installs it with poppler-utils): a file another spreadsheet program reads
 * whole, its sheets printed with their texts. The README's picture of the template is made the same way.
 */

import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildTemplate, saveTemplate } from '../../src/template/planning-template';
import { translate } from '../../src/i18n/translate';

const ADD_IN = { id: '773ffca3-b486-40c2-a9ee-f12cfa211984', version: '0.1.0.0' };

describe('the template in LibreOffice', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'template-pdf-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each(['en', 'de'] as const)('opens the %s template and renders every sheet to PDF', async (language) => {
    const file = join(dir, `template-${language}.xlsx`);
    writeFileSync(file, Buffer.from(await saveTemplate(await buildTemplate({ language }), ADD_IN)));
    const profile = pathToFileURL(join(dir, `profile-${language}`)).href;
    execFileSync('soffice', [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', 'pdf', '--outdir', dir, file], {
      stdio: 'pipe',
      timeout: 120_000,
    });
    const text = execFileSync('pdftotext', ['-layout', join(dir, `template-${language}.pdf`), '-'], { encoding: 'utf8' });
    const pages = Number(
      /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [join(dir, `template-${language}.pdf`)], { encoding: 'utf8' }))?.[1],
    );
    expect(pages).toBeGreaterThanOrEqual(7);
    for (const key of [
      'template.start.title',
      'template.start.secrets',
      'template.overview.title',
      'template.overview.balance.fiscalYearEnd',
      'template.overview.planned',
    ] as const) {
      expect(text).toContain(translate(language, key));
    }
    // The data sheets' headers are printed too.
    for (const header of ['Value date', 'Due date', 'Settlement date', 'Path', 'IBAN']) expect(text).toContain(header);
  });
});
