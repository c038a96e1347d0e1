// The render status a video answers (GET /videos/{id}/render/status): its schema is in the API contract.
export type { RenderArtifact, RenderPhase, RenderStatus } from './contract/render';
