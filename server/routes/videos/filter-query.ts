// The library's filter query parameters, shared by the list and Prev/Next so both read the same filters.
import { z } from 'zod';
import { queryBool, repeated } from '../../../domain/contract/params';
import { ALL_VIDEO_STATUSES } from '../../../domain/constants';

export const videoFilterQuery = z.object({
  status: repeated(z.enum(ALL_VIDEO_STATUSES)).optional(), // 'deleted' is accepted but never listed
  source_root: z.string().max(4096).optional(),
  q: z.string().max(500).optional(),
  assignee: z.string().max(200).optional(),
  unassigned_only: queryBool.optional(),
});
