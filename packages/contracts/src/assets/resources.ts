import { assetGroup, assetType } from './settings';
import { asset } from './asset';
import { repairAsset, repairCompany } from './repair';
import { assetInsurance } from './insurance';

export * from './settings';
export * from './asset';
export * from './repair';
export * from './insurance';

/** Assets (spec §1 "Assets"): the settings, the register, repairs and their companies, insurance. */
export const assetsResources = [assetType, assetGroup, asset, repairCompany, repairAsset, assetInsurance];
