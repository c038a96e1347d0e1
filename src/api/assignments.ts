// Assignees for the library's Assignee filter (spec part 1 §7.2).
import type { Assignee } from '../../domain/types';
import { request } from './request';

export const listAssignees = () => request<Assignee[]>('/api/v1/assignments/assignees');
