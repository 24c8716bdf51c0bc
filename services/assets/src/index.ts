export * from './app';
export { service } from './service';
export { markDepreciated } from './asset/depreciation';
export { dailyInspectionDue, refreshInspectionDue } from './inspection/due';
export { sendAssetDigests, dailyDigest } from './alerts/digest';
