export { allResources, type ResourceDef } from '@portal/contracts';
export { exportFields as exportFieldsOf, importFields as importFieldsOf } from '@portal/service-kit';
