import {
  asset,
  assetGroup,
  assetHandover,
  assetHandoverLine,
  assetAlertSetting,
  assetInspection,
  assetInsurance,
  assetType,
  menuOf,
  repairAsset,
  repairCompany,
} from '@portal/contracts';

/**
 * The Assets screens in sidebar order: the menu, and the routes of the resources without pages of their own — the
 * register, handovers, inspections (and the assets due), repairs and insurance; then the settings (types and groups, kept with the `setting` right) and the repair
 * companies.
 */
/**
 * Denied handovers (Snipe-IT users ask for it in vain, grokability/snipe-it#7658): the handover lines denied, with their
 * reasons, receivers and times — the lines' own list, filtered; exported like any list.
 */
export const DENIED_HANDOVERS = {
  key: 'handover-denied',
  label: { vi: 'Tài sản bị từ chối nhận', en: 'Denied handovers' },
  path: `${assetHandoverLine.path}?f_status=DENIED,DENIED_CONFIRM`,
  feature: 'asset',
  icon: 'audit',
} as const;

/**
 * The assets due for inspection and overdue (the register filtered by where each stands against its group's or type's
 * interval, soonest first): what the office books inspectors for.
 */
export const INSPECTIONS_DUE = {
  key: 'inspection-due',
  label: { vi: 'Tài sản đến hạn kiểm định', en: 'Inspections due' },
  path: `${asset.path}?f_inspection_state=DUE,OVERDUE&order=next_inspection_date%20asc`,
  feature: 'asset',
  icon: 'schedule',
} as const;

/** The asset reports (contracts assets/reports.ts): by category and status, the status report, repairs by company. */
export const ASSET_REPORTS_ENTRY = {
  key: 'reports',
  label: { vi: 'Báo cáo tài sản', en: 'Asset reports' },
  path: '/reports',
  feature: 'report',
  icon: 'chart',
} as const;

const work = [asset, assetHandover, DENIED_HANDOVERS, assetInspection, INSPECTIONS_DUE, repairAsset, assetInsurance, ASSET_REPORTS_ENTRY] as const;
const settings = [assetType, assetGroup, repairCompany, assetAlertSetting] as const;

export const screens = [...work, assetHandoverLine, ...settings] as const;

export const menu = menuOf(work, settings);
