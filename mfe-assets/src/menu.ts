import { asset, assetGroup, assetHandover, assetInsurance, assetType, menuOf, repairAsset, repairCompany } from '@portal/contracts';

/**
 * The Assets screens in sidebar order: the menu, and the routes of the resources without pages of their own — the
 * register, handovers, repairs and insurance; then the settings (types and groups, kept with the `setting` right) and the repair
 * companies.
 */
const work = [asset, assetHandover, repairAsset, assetInsurance] as const;
const settings = [assetType, assetGroup, repairCompany] as const;

export const screens = [...work, ...settings] as const;

export const menu = menuOf(work, settings);
