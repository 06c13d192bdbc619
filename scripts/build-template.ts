/**
 * Writes the planning workbook templates into a folder: `cashflow-planning-template.xlsx` (English),
 * `cashflow-planning-template-de.xlsx` and `-it.xlsx`, each naming the add-in of the manifest given (its id and
 * version, so the file opens that add-in's pane). `npm run build` runs it through webpack (TemplatePlugin); by hand:
 * `tsx scripts/build-template.ts dist [manifest.xml] [--network-share=\\server\addins]`. With a network-share
 * catalog (`npm run build -- --env share=\\server\addins`) the templates also name the add-in as that catalog
 * installs it, so they open its pane there too.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { OfficeAddinManifest } from 'office-addin-manifest';
import { LANGUAGES } from '../src/i18n/catalog';
import { buildTemplate, saveTemplate } from '../src/template/planning-template';
import { TEMPLATE_FILES } from '../src/template/template-files';
import { buildTemplateArgs } from './build-template-args';

async function main(outDir: string, manifestFile: string, networkShare: string | undefined): Promise<void> {
  const manifest = await OfficeAddinManifest.readManifestFile(manifestFile);
  if (!manifest.id || !manifest.version) throw new Error(`${manifestFile}: no add-in id or version`);
  mkdirSync(outDir, { recursive: true });
  for (const language of LANGUAGES) {
    const name = TEMPLATE_FILES[language];
    const document = await buildTemplate({ language });
    const bytes = await saveTemplate(
      document,
      { id: manifest.id, version: manifest.version },
      networkShare === undefined ? {} : { networkShare },
    );
    writeFileSync(join(outDir, name), Buffer.from(bytes));
  }
}

if (require.main === module) {
  Promise.resolve()
    .then(() => {
      const { outDir, manifestFile, networkShare } = buildTemplateArgs(process.argv.slice(2));
      return main(resolve(outDir), resolve(manifestFile), networkShare);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
