/** The handover screens' own words (vi, en). */
export const H = {
  lines: { vi: 'Tài sản bàn giao', en: 'Assets' },
  accept: { vi: 'Nhận', en: 'Accept' },
  deny: { vi: 'Từ chối', en: 'Deny' },
  acceptAll: { vi: 'Nhận tất cả ({n})', en: 'Accept all ({n})' },
  confirmDenial: { vi: 'Đã thu hồi', en: 'Taken back' },
  denyTitle: { vi: 'Từ chối nhận {asset}', en: 'Deny {asset}' },
  denyReason: { vi: 'Lý do từ chối', en: 'Why do you deny it?' },
  denyReasonRequired: { vi: 'Hãy ghi lý do (ít nhất 3 ký tự)', en: 'Say why (at least 3 characters)' },
  add: { vi: 'Thêm tài sản', en: 'Add assets' },
  addPick: { vi: 'Chọn tài sản để bàn giao', en: 'Choose the assets to hand over' },
  addReturn: { vi: 'Chọn tài sản bên giao đang giữ', en: 'Choose assets the giver holds' },
  remove: { vi: 'Bỏ', en: 'Remove' },
  condition: { vi: 'Tình trạng', en: 'Condition' },
  waitingYou: { vi: 'Đang chờ bạn xác nhận {n} tài sản', en: '{n} assets wait for your answer' },
  empty: { vi: 'Biên bản chưa có tài sản nào', en: 'No assets on this handover yet' },
  done: { vi: 'Đã cập nhật', en: 'Updated' },
  returnIt: { vi: 'Lập biên bản thu hồi', en: 'Return these assets' },
} as const;

export { fill } from '../fill';
