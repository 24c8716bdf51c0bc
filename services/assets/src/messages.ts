/**
 * The assets service's own messages (vi/en): its rules on the register, repairs and insurance. The kit's catalogue
 * (service-kit i18n.ts) holds only what every service shares.
 */
import { defineMessages } from '@portal/service-kit';

export const assetsMessages = defineMessages({
  asset_group_type: { vi: 'Nhóm tài sản không thuộc loại tài sản đã chọn', en: 'The asset group is not of the chosen asset type' },
  asset_life_required: {
    vi: 'Nhập thời gian khấu hao, hoặc chọn nhóm tài sản có thời gian khấu hao',
    en: 'Enter the useful life, or choose an asset group that has one',
  },
  asset_no_holder: {
    vi: 'Tài sản chưa bàn giao cho ai: hãy đưa vào kho hoặc lập biên bản bàn giao',
    en: 'Nobody holds this asset: put it into storage or hand it over',
  },
  asset_in_repair: { vi: 'Tài sản đang được sửa chữa ({code})', en: 'The asset is in repair ({code})' },
  asset_liquidation_before_purchase: { vi: 'Ngày thanh lý trước ngày mua', en: 'The liquidation date is before the purchase date' },
  asset_liquidation_future: { vi: 'Ngày thanh lý chưa đến', en: 'The liquidation date has not come yet' },
  repair_asset_unavailable: {
    vi: 'Tài sản đã thanh lý hoặc đang bàn giao không gửi sửa chữa được',
    en: 'An asset liquidated or being handed over cannot be sent for repair',
  },
  summary_nobody: { vi: 'Trưởng phòng và bạn đều chưa có địa chỉ email', en: 'Neither the head of the department nor you have an email address' },
  inspection_asset_liquidated: { vi: 'Tài sản đã thanh lý không kiểm định được', en: 'A liquidated asset is not inspected' },
  inspection_asset_fixed: { vi: 'Không chuyển biên bản kiểm định sang tài sản khác được', en: 'An inspection cannot move to another asset' },
  repair_asset_fixed: { vi: 'Không chuyển phiếu sửa chữa sang tài sản khác được', en: 'A repair cannot move to another asset' },
  repair_returned_before_sent: { vi: 'Ngày nhận lại trước ngày gửi sửa', en: 'The return date is before the date it was sent' },
  repair_returned_future: { vi: 'Ngày nhận lại chưa đến', en: 'The return date has not come yet' },
  handover_self: { vi: 'Bên giao và bên nhận phải là hai người khác nhau', en: 'The giver and the receiver must be two different people' },
  handover_has_lines: {
    vi: 'Biên bản đã có tài sản: bỏ các tài sản trước khi đổi loại bàn giao hay bên giao',
    en: 'The handover has assets: remove them before changing its type or its giver',
  },
  handover_no_lines: { vi: 'Biên bản chưa có tài sản nào', en: 'The handover has no assets yet' },
  handover_own: { vi: 'Bạn là bên nhận: không thể tự gửi biên bản cho chính mình', en: 'You are its receiver: you cannot send a handover to yourself' },
  handover_required: { vi: 'Còn thiếu thông tin bắt buộc của loại bàn giao này', en: 'Fields this kind of handover requires are missing' },
  handover_asset_status: { vi: 'Tài sản {code} không ở trạng thái bàn giao được', en: 'Asset {code} is not in a status that can be handed over this way' },
  handover_asset_held: { vi: 'Tài sản {code} đang do người khác giữ: hãy thu hồi trước', en: 'Asset {code} is held by someone: have it returned first' },
  handover_asset_not_giver: { vi: 'Tài sản {code} không do bên giao giữ', en: 'Asset {code} is not held by the giver' },
  handover_asset_elsewhere: { vi: 'Tài sản {code} đang ở biên bản {other}', en: 'Asset {code} is on handover {other}' },
  handover_answered: {
    vi: 'Bên nhận đã xác nhận một phần: không rút lại biên bản được',
    en: 'The receiver has answered part of it: the handover can no longer be withdrawn',
  },
  handover_not_draft: { vi: 'Chỉ thêm tài sản vào biên bản nháp', en: 'Assets are added to a draft handover only' },
  handover_line_fixed: {
    vi: 'Không đổi tài sản hay biên bản của dòng được: hãy xóa dòng và thêm lại',
    en: 'A line keeps its asset and handover: delete it and add another',
  },
  handover_deny_reason: { vi: 'Hãy ghi lý do từ chối', en: 'Say why you deny it' },
  handover_return_of: { vi: 'Chỉ thu hồi theo biên bản bàn giao cho người dùng đã hoàn tất', en: 'Only a completed handover to a user is returned' },
  handover_return_nothing: { vi: 'Bên nhận không còn giữ tài sản nào của biên bản này', en: 'Its receiver holds none of its assets any more' },
  insurance_asset_fixed: { vi: 'Không chuyển hợp đồng bảo hiểm sang tài sản khác được', en: 'A policy cannot move to another asset' },
});

type AssetsMessages = typeof assetsMessages;
declare module '@portal/service-kit' {
  // eslint-disable-next-line @typescript-eslint/no-empty-interface
  interface DomainMessages extends AssetsMessages {}
}
