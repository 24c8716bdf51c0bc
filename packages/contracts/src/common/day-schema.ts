import { z } from 'zod';
import { normalizeDate } from './dates';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day in a request body or query (dd/mm/yyyy or yyyy-mm-dd) → 'YYYY-MM-DD'; otherwise the message key `date_invalid`. */
export const zDay = () => z.preprocess(normalizeDate, z.string({ error: 'date_invalid' }).regex(ISO_DAY, { error: 'date_invalid' }));
