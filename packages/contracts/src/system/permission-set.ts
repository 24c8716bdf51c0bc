import { z } from 'zod';
import { ACTIONS, FEATURE_KEYS } from '../common/permissions';

/** A role's permission matrix (`role.permissions`): the actions it holds on each feature. */
export const permissionSetSchema = z
  .array(
    z.object({
      feature: z.enum(FEATURE_KEYS as [string, ...string[]]),
      actions: z.array(z.enum(ACTIONS)).max(ACTIONS.length),
    }),
  )
  .max(FEATURE_KEYS.length);
export type PermissionSet = z.infer<typeof permissionSetSchema>;
