import { z } from 'zod';
import { UUID_RE } from '../common/ids';

/** PUT /staff/is-email (spec §7): is this company email used by another staff member? `id`: the record being edited. */
export const isEmailBody = z.object({ email: z.email().max(255), id: z.string().regex(UUID_RE).toLowerCase().nullish() });
