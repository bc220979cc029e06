import { z } from 'zod';
import type { CampusSettings } from './campus';

// The zod side of the campus answer (GET /api/campus/, the operators' campus routes), for the route schemas and the
// OpenAPI document.

const mediaUrl = z.string().meta({ description: 'A public upload, under /media/.' });

export const campusSettings = z
  .object({
    school: z.string().meta({ description: 'The school students see, e.g. 한빛대학교.' }),
    campus_name: z.string().meta({ description: 'The campus within the school; empty when the school has one.' }),
    map: z
      .object({ overview: mediaUrl, overview_png: mediaUrl, medium: mediaUrl, large: mediaUrl })
      .nullable()
      .meta({
        description:
          'The uploaded map art: the 822×460 overview (WebP, and PNG for link previews), the 3704×1824 detailed map and its ' +
          'half-size render shown first. Null while the built-in art (/art/map/…) is the campus map.',
      }),
  })
  .meta({ id: 'CampusSettings' }) satisfies z.ZodType<CampusSettings>;
