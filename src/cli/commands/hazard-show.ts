// badzone hazard show <1-10 | id>
import { showHazard } from '../../api/tables.js';
import type { View } from '../../render/view.js';

export async function run(query: string): Promise<View<'hazard-show'>> {
  return { kind: 'hazard-show', data: showHazard(query) };
}
