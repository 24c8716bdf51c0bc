import { asset, assetGroup, assetHandover, assetHandoverLine, assetInsurance, assetType, menuOf, repairAsset, repairCompany } from '@portal/contracts';

/**
 * The Assets screens in sidebar order: the menu, and the routes of the resources without pages of their own — the
 * register, handovers, repairs and insurance; then the settings (types and groups, kept with the `setting` right) and the repair
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

const work = [asset, assetHandover, DENIED_HANDOVERS, repairAsset, assetInsurance] as const;
const settings = [assetType, assetGroup, repairCompany] as const;

export const screens = [...work, assetHandoverLine, ...settings] as const;

export const menu = menuOf(work, settings);
