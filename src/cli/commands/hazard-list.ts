// badzone hazard list
import { listHazards } from '../../api/tables.js';
import type { View } from '../../render/view.js';

export async function run(): Promise<View<'hazard-list'>> {
  return { kind: 'hazard-list', data: listHazards() };
}
