/** A file's bytes opened as a workbook document; a file that is not one is bad input (exit 2) with the reader's words. */
import { openXlsxDocument, type OpenedXlsxDocument } from '../../hosts/xlsx';
import { CliError, EXIT } from './exit-codes';

export async function openWorkbook(path: string, bytes: Uint8Array, addInId?: string): Promise<OpenedXlsxDocument> {
  try {
    return await openXlsxDocument(bytes, addInId === undefined ? {} : { addInId });
  } catch (error) {
    throw new CliError(
      EXIT.badInput,
      `${path} is not an Excel workbook (.xlsx): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
