// File sizes as the Upload screen shows them: Bytes, KB, MB or GB (1024-based, up to two decimals).
const UNITS = ['Bytes', 'KB', 'MB', 'GB'] as const;

export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const i = Math.min(UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${Number.parseFloat((bytes / 1024 ** i).toFixed(2))} ${UNITS[i]}`;
}
