// Every /api/v1 route module. One file per resource (folders mirror the URL).
import type { RoutePlugin } from '../http/types';
import { systemRoutes } from './system';
import { sourceRoutes } from './sources';
import { videoListRoutes } from './videos/list';

export const routeModules: RoutePlugin[] = [
  systemRoutes,
  sourceRoutes,
  videoListRoutes,
];
