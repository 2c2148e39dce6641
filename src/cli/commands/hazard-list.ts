// badzone hazard list
import { listHazards } from '../../api/tables.js';
import type { HazardTable } from '../../api/types.js';
import type { View } from '../../render/view.js';

export async function run(): Promise<View<'hazards', HazardTable>> {
  return { kind: 'hazards', data: listHazards() };
}
