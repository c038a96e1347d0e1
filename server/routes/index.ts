// Every /api/v1 route module. One file per resource (folders mirror the URL).
import type { RoutePlugin } from '../http/types';
import { videoProcessingRoutes } from './videos/processing';
import { annotationReadRoutes } from './annotations/read';
import { videoNeighborRoutes } from './videos/neighbors';
import { annotationWindowRoutes } from './annotations/window';
import { systemRoutes } from './system';
import { sourceRoutes } from './sources';
import { videoListRoutes } from './videos/list';
import { adminUserRoutes } from './admin/users';
import { videoSettingsRoutes } from './settings/render';
import { actionRoutes } from './annotations/actions';
import { detectionRoutes } from './annotations/detections';
import { trackRoutes } from './annotations/tracks';
import { keyframeRoutes } from './annotations/keyframes';
import { trackRangeRoutes } from './annotations/track-ranges';
import { assistRoutes } from './annotations/assist';
import { annotationReviewRoutes } from './annotations/review';
import { videoStatusRoutes } from './videos/status';
import { videoDownloadRoutes } from './videos/download';
import { videoRenderRoutes } from './videos/render';
import { batchExportRoutes } from './videos/batch-export';
import { annotationExportRoutes } from './annotations/export';
import { annotationImportRoutes } from './annotations/import';
import { assignmentRoutes } from './assignments';
import { adminStorageSourceRoutes } from './admin/storage-sources';
import { adminStorageRootConfigRoutes } from './admin/storage-root-config';
import { adminStorageJobRoutes } from './admin/storage-jobs';
import { adminStoragePurgeRoutes } from './admin/storage-purge';
import { jobRoutes } from './jobs';
import { reviewQueueRoutes } from './review/queue';
import { videoReviewOpenRoutes } from './videos/review-open';
import { metricsDetailRoutes } from './metrics/details';
import { signInMetricRoutes } from './metrics/sign-in';
import { adminStoragePackageRoutes } from './admin/storage-packages';
import { videoUploadRoutes } from './videos/upload';
import { videoAssignmentRoutes } from './videos/assignment';
import { uploadTusRoutes } from './uploads/tus';
import { authRoutes } from './auth';
import { mePasswordRoutes } from './me-password';
import { meTokenRoutes } from './me-tokens';
import { adminUserAccessRoutes } from './admin/user-access';
import { reviewIssueRoutes } from './annotations/issues';
import { reviewSettingsRoutes } from './settings/review';

export const routeModules: RoutePlugin[] = [
  videoProcessingRoutes,
  annotationReadRoutes,
  videoNeighborRoutes,
  annotationWindowRoutes,
  systemRoutes,
  sourceRoutes,
  videoListRoutes,
  adminUserRoutes,
  videoSettingsRoutes,
  actionRoutes,
  detectionRoutes,
  trackRoutes,
  keyframeRoutes,
  trackRangeRoutes,
  assistRoutes,
  annotationReviewRoutes,
  videoStatusRoutes,
  videoDownloadRoutes,
  videoRenderRoutes,
  batchExportRoutes,
  annotationExportRoutes,
  annotationImportRoutes,
  assignmentRoutes,
  adminStorageSourceRoutes,
  adminStorageRootConfigRoutes,
  adminStorageJobRoutes,
  adminStoragePurgeRoutes,
  jobRoutes,
  reviewQueueRoutes,
  videoReviewOpenRoutes,
  metricsDetailRoutes,
  signInMetricRoutes,
  adminStoragePackageRoutes,
  videoUploadRoutes,
  videoAssignmentRoutes,
  uploadTusRoutes,
  authRoutes,
  mePasswordRoutes,
  meTokenRoutes,
  adminUserAccessRoutes,
  reviewIssueRoutes,
  reviewSettingsRoutes,
];
