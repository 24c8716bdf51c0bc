import { assetGroup, assetType } from './settings';
import { asset } from './asset';
import { repairAsset, repairCompany } from './repair';
import { assetInsurance } from './insurance';
import { assetHandover, assetHandoverLine } from './handover';
import { assetInspection } from './inspection';
import { assetAlertSetting } from './alerts';

export * from './settings';
export * from './asset';
export * from './repair';
export * from './insurance';
export * from './handover';
export * from './inspection';
export * from './alerts';

/** Assets (spec §1 "Assets"): the settings, the register, handovers and their lines, repairs and their companies, insurance, inspections, the alert settings. */
export const assetsResources = [
  assetType,
  assetGroup,
  asset,
  assetHandover,
  assetHandoverLine,
  repairCompany,
  repairAsset,
  assetInsurance,
  assetInspection,
  assetAlertSetting,
];
