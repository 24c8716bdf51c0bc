/** The writes property (writes-property.ts), shard 3 of 4. */
import { writesProperty } from './writes-property';

writesProperty(3, 4);
