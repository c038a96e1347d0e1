// Annotation export URL: opened in a new tab; the annotate screen adds the signed-in user.
import { apiUrl } from './request';

export function annotationExportUrl(videoId: number, user?: { id: string; name?: string } | null): string {
  const p = new URLSearchParams();
  if (user?.id) {
    p.set('user_id', user.id);
    if (user.name) p.set('user_name', user.name);
  }
  const qs = p.toString();
  return apiUrl(`/api/v1/annotations/${videoId}/export${qs ? `?${qs}` : ''}`);
}
