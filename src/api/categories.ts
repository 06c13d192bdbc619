import { CategoryListSchema, type Category } from './category-schema';
import { PlainList } from './plain-list';
import type { Transport } from './transport';

/** `GET /categories/` (not paginated). */
export class CategoriesResource extends PlainList<Category> {
  constructor(transport: Transport) {
    super(transport, '/categories/', CategoryListSchema);
  }
}
