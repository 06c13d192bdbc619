/** The scan before a file is written: the run's credentials refused in any part; values under 6 characters not searched. */
import { refuseSecrets } from '../../../src/cli/workbook/refuse-secrets';
import { buildTemplate, saveTemplate } from '../../../src/template/planning-template';

const ADD_IN = { id: '773ffca3-b486-40c2-a9ee-f12cfa211984', version: '0.1.0.0' };

test('a credential of 6 characters or more in any part refuses the write; a shorter one (it would match words) is not searched', async () => {
  const bytes = await saveTemplate(await buildTemplate({ language: 'en' }), ADD_IN);
  // The template's own words: "Plan" (a short client ID) is everywhere, "Forecast budgets" too.
  await expect(refuseSecrets(bytes, ['Plan'])).resolves.toBeUndefined();
  await expect(refuseSecrets(bytes, ['budgets'])).rejects.toThrow(/would hold a credential/);
  await expect(refuseSecrets(bytes, ['not-in-the-file-4711'])).resolves.toBeUndefined();
});
