// /api/v1/assignments: the assignees of the library's filter, and the CSV import of assignments (admins).
import { z } from 'zod';
import type { RoutePlugin } from '../http/types';
import { Invalid, TooLarge } from '../domain-errors';
import { listVisibleAssignees } from '../services/assignments/assignees';
import { importAssignments } from '../services/assignments/import-assignments';
import { hiddenSourceRoles } from '../services/source-visibility';
import { json } from '../http/contract';
import { assignee, assignmentImportQuery as importQuery, assignmentReport } from '../../domain/contract/assignments';

/** Largest assignment CSV accepted. */
export const MAX_ASSIGNMENT_CSV_BYTES = 10 * 1024 * 1024;

export const assignmentRoutes: RoutePlugin = (app, { database: { db } }) => {
  app.get('/assignments/assignees', { schema: { response: json(z.array(assignee)) } }, async (req) =>
    listVisibleAssignees(db, req.identity),
  );

  app.post(
    '/assignments/import',
    { config: { role: 'admin' }, schema: { querystring: importQuery, response: json(assignmentReport) } },
    async (req) => {
      if (!req.isMultipart()) throw new Invalid('Send the CSV as multipart/form-data');
      const part = await req.file({ limits: { fileSize: MAX_ASSIGNMENT_CSV_BYTES } });
      if (!part) throw new Invalid('No CSV file in the request');
      let content: Buffer;
      try {
        content = await part.toBuffer();
      } catch (e) {
        if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new TooLarge('The CSV file is larger than 10 MB');
        throw e;
      }
      return importAssignments(db, content, {
        dryRun: req.query.dry_run,
        force: req.query.force,
        hiddenSourceRoles: hiddenSourceRoles(req.identity),
      });
    },
  );
};
