/** The writes property (writes-property.ts), shard 2 of 4. */
import { writesProperty } from './writes-property';

writesProperty(2, 4);
