// badzone hazard list
import { listHazards } from '../../api/tables.js';
import type { HazardListData } from '../../api/types.js';
import type { View } from '../../render/view.js';

export async function run(): Promise<View<'hazard-list', HazardListData>> {
  return { kind: 'hazard-list', data: listHazards() };
}
