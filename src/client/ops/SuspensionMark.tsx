import type { z } from 'zod';
import type { opsUser } from '../../shared/ops-contract';
import { SUSPENSION_TEXTS as T } from './suspension-texts';
import './suspension.css';

/** Beside a student in the console's list: suspended now, or a suspension to consider (warnings piled up). */
export function SuspensionMark({ user }: { user: z.infer<typeof opsUser> }) {
  if (user.suspension) return <span className="chip chip--muted ops-suspension-mark">{T.suspendedChip}</span>;
  if (user.suspension_suggested) return <span className="chip ops-suspension-mark ops-suspension-mark--suggested">{T.suggestedMark(user.warnings_since_suspension)}</span>;
  return null;
}
