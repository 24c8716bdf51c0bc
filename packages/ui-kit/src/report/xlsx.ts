/** A column of an exported sheet: its heading and width (in characters). */
export interface SheetColumn {
  label: string;
  width?: number;
}

/**
 * Downloads rows as an xlsx workbook of one sheet, headed by the columns' labels (write-excel-file, loaded on the first
 * export: it is not part of any page's first load).
 */
export async function exportSheet(fileName: string, sheet: string, columns: SheetColumn[], rows: (string | number | null)[][]): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const head = columns.map((c) => ({ value: c.label, fontWeight: 'bold' as const }));
  const body = rows.map((r) => r.map((v) => (v === null ? null : typeof v === 'number' ? { type: Number, value: v } : { type: String, value: v })));
  // A sheet name is at most 31 characters, without : \ / ? * [ ].
  await writeXlsxFile([head, ...body], {
    sheet: sheet.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31),
    columns: columns.map((c) => ({ width: c.width ?? Math.max(12, c.label.length + 2) })),
  }).toFile(fileName);
}
