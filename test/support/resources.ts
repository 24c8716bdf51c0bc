export { allResources, type ResourceDef } from '@portal/contracts';
export { exportFields as exportFieldsOf } from '@portal/service-kit';
