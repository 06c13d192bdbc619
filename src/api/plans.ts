import { PlanListSchema, type Plan } from './plan-schema';
import { PlainList } from './plain-list';
import type { Transport } from './transport';

/** `GET /plans/` (not paginated). */
export class PlansResource extends PlainList<Plan> {
  constructor(transport: Transport) {
    super(transport, '/plans/', PlanListSchema);
  }
}
