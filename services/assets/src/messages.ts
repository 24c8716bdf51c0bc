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
  repair_asset_fixed: { vi: 'Không chuyển phiếu sửa chữa sang tài sản khác được', en: 'A repair cannot move to another asset' },
  repair_returned_before_sent: { vi: 'Ngày nhận lại trước ngày gửi sửa', en: 'The return date is before the date it was sent' },
  repair_returned_future: { vi: 'Ngày nhận lại chưa đến', en: 'The return date has not come yet' },
  insurance_asset_fixed: { vi: 'Không chuyển hợp đồng bảo hiểm sang tài sản khác được', en: 'A policy cannot move to another asset' },
});

type AssetsMessages = typeof assetsMessages;
declare module '@portal/service-kit' {
  // eslint-disable-next-line @typescript-eslint/no-empty-interface
  interface DomainMessages extends AssetsMessages {}
}
