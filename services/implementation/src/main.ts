/** The implementation service as its own process (distributed mode): serveDomain (service-kit) says what it reads. */
import { serveDomain } from '@portal/service-kit';
import { service } from './service';

void serveDomain(service);
