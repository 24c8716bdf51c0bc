import type { Label } from '../kit/field';

/** Labels shared by many resources. */
export const L = {
  code: { vi: 'Mã', en: 'Code' },
  name: { vi: 'Tên', en: 'Name' },
  description: { vi: 'Mô tả', en: 'Description' },
  note: { vi: 'Ghi chú', en: 'Note' },
  department: { vi: 'Phòng ban', en: 'Department' },
  unit: { vi: 'Đơn vị', en: 'Unit' },
  position: { vi: 'Chức vụ', en: 'Position' },
  ordering: { vi: 'Thứ tự', en: 'Ordering' },
  staff: { vi: 'Nhân viên', en: 'Staff' },
} satisfies Record<string, Label>;
