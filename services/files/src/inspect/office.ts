import type { FileHandle } from 'node:fs/promises';

/**
 * Legacy Office formats. Word, Excel and PowerPoint 97-2003 files are OLE compound files (CFB), which
 * also hold Windows installers (.msi) and Outlook messages: the directory of streams tells them apart.
 * Access databases (.mdb, .accdb) are Jet/ACE files with a fixed signature.
 */

const CFB_SIGNATURE = Buffer.from('d0cf11e0a1b11ae1', 'hex');
const END_OF_CHAIN = 0xfffffffa; // and above: free, end of chain, FAT and DIFAT markers
const MAX_SECTORS_WALKED = 4096;

export interface OfficeType {
  mime: string;
  ext: string;
}

/** Access: 00 01 00 00 then "Standard Jet DB" (.mdb) or "Standard ACE DB" (.accdb). */
export function accessType(head: Buffer): OfficeType | null {
  if (head.length < 20 || head.readUInt32BE(0) !== 0x00010000) return null;
  const tag = head.toString('latin1', 4, 19);
  if (tag === 'Standard Jet DB') return { mime: 'application/x-msaccess', ext: 'mdb' };
  if (tag === 'Standard ACE DB') return { mime: 'application/x-msaccess', ext: 'accdb' };
  return null;
}

/** Which Office application wrote a compound file, from the names of its streams; null for anything else (msi, msg, ...). */
export async function cfbOfficeType(fh: FileHandle, size: number): Promise<OfficeType | null> {
  const read = async (offset: number, length: number) => {
    if (offset < 0 || offset + length > size) return null;
    const buf = Buffer.alloc(length);
    const { bytesRead } = await fh.read(buf, 0, length, offset);
    return bytesRead === length ? buf : null;
  };
  const header = await read(0, 512);
  if (!header?.subarray(0, 8).equals(CFB_SIGNATURE)) return null;
  const shift = header.readUInt16LE(0x1e);
  if (shift !== 9 && shift !== 12) return null;
  const sectorSize = 1 << shift;
  const perSector = sectorSize / 4;
  const sectorOffset = (n: number) => (n + 1) * sectorSize;

  // FAT sector locations: 109 in the header, the rest in the DIFAT chain (read on demand).
  const difat: number[] = [];
  for (let i = 0; i < 109; i++) difat.push(header.readUInt32LE(0x4c + i * 4));
  let nextDifat = header.readUInt32LE(0x44);
  let difatSectorsLeft = header.readUInt32LE(0x48);
  const fatSectorAt = async (index: number): Promise<number | null> => {
    while (index >= difat.length && nextDifat < END_OF_CHAIN && difatSectorsLeft-- > 0) {
      const s = await read(sectorOffset(nextDifat), sectorSize);
      if (!s) return null;
      for (let i = 0; i < perSector - 1; i++) difat.push(s.readUInt32LE(i * 4));
      nextDifat = s.readUInt32LE((perSector - 1) * 4);
    }
    const v = difat[index];
    return v === undefined || v >= END_OF_CHAIN ? null : v;
  };
  const next = async (sector: number): Promise<number | null> => {
    const fat = await fatSectorAt(Math.floor(sector / perSector));
    if (fat === null) return null;
    const entry = await read(sectorOffset(fat) + (sector % perSector) * 4, 4);
    return entry ? entry.readUInt32LE(0) : null;
  };

  const names = new Set<string>();
  let sector: number | null = header.readUInt32LE(0x30);
  for (let walked = 0; sector !== null && sector < END_OF_CHAIN && walked < MAX_SECTORS_WALKED; walked++) {
    const dir = await read(sectorOffset(sector), sectorSize);
    if (!dir) return null;
    for (let off = 0; off < sectorSize; off += 128) {
      const nameLen = dir.readUInt16LE(off + 0x40);
      if (nameLen < 2 || nameLen > 64) continue;
      names.add(dir.toString('utf16le', off, off + nameLen - 2));
    }
    sector = await next(sector);
  }
  if (names.has('WordDocument')) return { mime: 'application/msword', ext: 'doc' };
  if (names.has('Workbook') || names.has('Book')) return { mime: 'application/vnd.ms-excel', ext: 'xls' };
  if (names.has('PowerPoint Document')) return { mime: 'application/vnd.ms-powerpoint', ext: 'ppt' };
  // A password-protected docx/xlsx/pptx is a compound file holding the encrypted package.
  if (names.has('EncryptedPackage') && names.has('EncryptionInfo')) return { mime: 'application/vnd.ms-office', ext: 'cfb' };
  return null;
}
