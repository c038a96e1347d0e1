// Assignees for the library's Assignee filter.
import type { Assignee } from '../../domain/types';
import { request } from './request';

export const listAssignees = () => request<Assignee[]>('/api/v1/assignments/assignees');
