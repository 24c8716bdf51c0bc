/** The writes property (writes-property.ts), shard 1 of 4. */
import { writesProperty } from './writes-property';

writesProperty(1, 4);
