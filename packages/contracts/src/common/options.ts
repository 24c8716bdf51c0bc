import type { Label } from '../kit/field';

/** Option lists of spec §3 and §4 that the HR core and system need now; other domains add theirs beside their resources. */
const opt = <T extends string>(m: Record<T, Label>) => m;

export const GENDER = ['MALE', 'FEMALE', 'OTHER'] as const;
export const GENDER_LABELS = opt({ MALE: { vi: 'Nam', en: 'Male' }, FEMALE: { vi: 'Nữ', en: 'Female' }, OTHER: { vi: 'Khác', en: 'Other' } });

/** Organization type: UNIT or DEPARTMENT (codes 1 and 2). */
export const ORG_TYPE = ['UNIT', 'DEPARTMENT'] as const;
export const ORG_TYPE_LABELS = opt({ UNIT: { vi: 'Đơn vị', en: 'Unit' }, DEPARTMENT: { vi: 'Phòng ban', en: 'Department' } });

/** Staff status (spec §4: probation, official, quit, transfer, leave). */
export const STAFF_STATUS = ['PROBATION', 'OFFICIAL', 'QUIT', 'TRANSFER', 'LEAVE'] as const;
export const STAFF_STATUS_LABELS = opt({
  PROBATION: { vi: 'Thử việc', en: 'Probation' },
  OFFICIAL: { vi: 'Chính thức', en: 'Official' },
  QUIT: { vi: 'Nghỉ việc', en: 'Quit' },
  TRANSFER: { vi: 'Điều chuyển', en: 'Transfer' },
  LEAVE: { vi: 'Tạm nghỉ', en: 'Leave' },
});

/** Hours basis: OFFICE or CONSTRUCTION (labor type). */
export const LABOR_TYPE = ['OFFICE', 'CONSTRUCTION'] as const;
export const LABOR_TYPE_LABELS = opt({ OFFICE: { vi: 'Văn phòng', en: 'Office' }, CONSTRUCTION: { vi: 'Công trường', en: 'Construction site' } });

export const MARITAL_STATUS = ['SINGLE', 'MARRIED', 'DIVORCED', 'WIDOWED'] as const;
export const MARITAL_STATUS_LABELS = opt({
  SINGLE: { vi: 'Độc thân', en: 'Single' },
  MARRIED: { vi: 'Đã kết hôn', en: 'Married' },
  DIVORCED: { vi: 'Ly hôn', en: 'Divorced' },
  WIDOWED: { vi: 'Góa', en: 'Widowed' },
});
