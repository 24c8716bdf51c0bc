import { asset } from '@portal/contracts';

/**
 * The QR code library (`qrcode`, MIT), loaded when a labels sheet opens (ui-kit useLibrary): its own chunk, so the
 * remote's first code does not carry it.
 */
export const loadQr = () => import('qrcode');
export type QrLibrary = Awaited<ReturnType<typeof loadQr>>;

/** The labels sheet's page, relative to the remote (`/assets/asset-labels?ids=…`). */
export const LABELS_SEGMENT = 'asset-labels';
/** The page a label's code opens, relative to the remote (`/assets/scan/<asset code>`). */
export const SCAN_SEGMENT = 'scan';
/** At most this many labels (ten A4 sheets) in one request for a sheet. */
export const MAX_LABELS = 240;
/** Labels on one A4 sheet: 3 columns × 8 rows of 70 × 37 mm. */
export const PER_SHEET = 24;

const base = `/${asset.domain}`;
export const labelsPath = (ids: readonly string[]) => `${base}/${LABELS_SEGMENT}?ids=${ids.join(',')}`;
/** What a label's QR code holds: the absolute address of the asset's scan page on this portal. */
export const scanUrl = (code: string) => `${window.location.origin}${base}/${SCAN_SEGMENT}/${encodeURIComponent(code)}`;

/**
 * A QR code as one SVG path of its dark modules (one rectangle per run of a row), within a quiet zone of `margin`
 * modules: `size` is the side of its view box. Error correction M (15 %): a scratched label still reads.
 */
export function qrPath(lib: QrLibrary, text: string, margin = 2): { size: number; d: string } {
  const { modules } = lib.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const parts: string[] = [];
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; ) {
      if (!modules.get(y, x)) {
        x++;
        continue;
      }
      let end = x;
      while (end < n && modules.get(y, end)) end++;
      parts.push(`M${x + margin} ${y + margin}h${end - x}v1h${x - end}z`);
      x = end;
    }
  }
  return { size: n + 2 * margin, d: parts.join('') };
}
