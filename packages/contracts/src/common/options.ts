import type { Label } from '../kit/field';

/** Option lists of spec §3 and §4 that the HR core and system need now; other domains add theirs beside their resources. */
/** Labels of an option list, one per value (typed by the values). */
export const opt = <T extends string | number>(m: Record<T, Label>) => m;

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

/** Labor contract type (spec §3: Indefinite 1, Definite 2, Probation 3, Quit 4). */
export const CONTRACT_TYPE = [1, 2, 3, 4] as const;
export const CONTRACT_TYPE_LABELS = opt({
  1: { vi: 'Không xác định thời hạn', en: 'Indefinite' },
  2: { vi: 'Xác định thời hạn', en: 'Definite' },
  3: { vi: 'Thử việc', en: 'Probation' },
  4: { vi: 'Chấm dứt', en: 'Quit' },
});
/** Labor contract status (spec §3: Effective 1, Expired 2). */
export const CONTRACT_STATUS = [1, 2] as const;
export const CONTRACT_STATUS_LABELS = opt({ 1: { vi: 'Hiệu lực', en: 'Effective' }, 2: { vi: 'Hết hạn', en: 'Expired' } });
/** Document type of a labor contract (spec §3: CONTRACT or CONTRACT_ANNEX). */
export const CONTRACT_DOCUMENT_TYPE = ['CONTRACT', 'CONTRACT_ANNEX'] as const;
export const CONTRACT_DOCUMENT_TYPE_LABELS = opt({
  CONTRACT: { vi: 'Hợp đồng', en: 'Contract' },
  CONTRACT_ANNEX: { vi: 'Phụ lục hợp đồng', en: 'Contract annex' },
});
/** Recognition type (spec §3: AWARD or DISCIPLINE). */
export const RECOGNITION_TYPE = ['AWARD', 'DISCIPLINE'] as const;
export const RECOGNITION_TYPE_LABELS = opt({ AWARD: { vi: 'Khen thưởng', en: 'Award' }, DISCIPLINE: { vi: 'Kỷ luật', en: 'Discipline' } });
/** Family relation codes 1–7 (spec §3). */
export const FAMILY_RELATION = [1, 2, 3, 4, 5, 6, 7] as const;
export const FAMILY_RELATION_LABELS = opt({
  1: { vi: 'Ông', en: 'Grandfather' },
  2: { vi: 'Bà', en: 'Grandmother' },
  3: { vi: 'Bố', en: 'Father' },
  4: { vi: 'Mẹ', en: 'Mother' },
  5: { vi: 'Chồng', en: 'Husband' },
  6: { vi: 'Vợ', en: 'Wife' },
  7: { vi: 'Con', en: 'Child' },
});
/** Transfer kinds (spec §3: transfer, quit). */
export const TRANSFER_KIND = ['TRANSFER', 'QUIT'] as const;
export const TRANSFER_KIND_LABELS = opt({ TRANSFER: { vi: 'Điều chuyển', en: 'Transfer' }, QUIT: { vi: 'Nghỉ việc', en: 'Quit' } });
