/**
 * What the labels use of `qrcode` (1.5, MIT; its browser build): the symbol's modules. Declared here rather than with
 * @types/qrcode, whose declarations reference Node's types and would bring them into the browser code's type check
 * (tsconfig.web.json: `types: []`).
 */
declare module 'qrcode' {
  export interface QRCodeOptions {
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    version?: number;
  }
  export interface BitMatrix {
    /** The symbol's side, in modules. */
    size: number;
    /** 1 for a dark module at (row, col). */
    get(row: number, col: number): number;
  }
  export interface QRCode {
    modules: BitMatrix;
    version: number;
  }
  /** The QR symbol of `text` (throws when it does not fit in a QR code). */
  export function create(text: string, options?: QRCodeOptions): QRCode;
}
