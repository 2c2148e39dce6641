// badzone hazard list
import type { HazardTable } from '../../rules/types.js';
import { shippedTables } from '../../store/tables.js';
import type { View } from '../view.js';

export async function run(): Promise<View<'hazards', HazardTable>> {
  return { kind: 'hazards', data: shippedTables().hazards };
}
