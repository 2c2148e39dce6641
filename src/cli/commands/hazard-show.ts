// badzone hazard show <1-10 | id>
import { UsageError } from '../../errors.js';
import type { Hazard, HazardTable } from '../../rules/types.js';
import { shippedTables } from '../../store/tables.js';
import type { View } from '../view.js';

export type HazardShowData = { roll: number; nomadic: false; hazard: Hazard } | { roll: number; nomadic: true; hazard: null; nomadicRule: HazardTable['nomadic'] };

export async function run(query: string): Promise<View<'hazard', HazardShowData>> {
  const t = shippedTables().hazards;
  const q = query.trim().toLowerCase();
  if (/^\d+$/.test(q) && Number(q) === t.nomadic.roll) return { kind: 'hazard', data: { roll: t.nomadic.roll, nomadic: true, hazard: null, nomadicRule: t.nomadic } };
  if (q === 'nomadic') return { kind: 'hazard', data: { roll: t.nomadic.roll, nomadic: true, hazard: null, nomadicRule: t.nomadic } };
  const h = /^\d+$/.test(q) ? t.hazards.find((x) => x.roll === Number(q)) : t.hazards.find((x) => x.id === q || x.name.toLowerCase() === q);
  if (!h) throw new UsageError(`No hazard matches "${query}". Give a roll from 1 to 10 or an id (${t.hazards.map((x) => x.id).join(', ')}, nomadic).`);
  return { kind: 'hazard', data: { roll: h.roll, nomadic: false, hazard: h } };
}
