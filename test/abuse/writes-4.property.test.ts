/** The writes property (writes-property.ts), shard 4 of 4. */
import { writesProperty } from './writes-property';

writesProperty(4, 4);
