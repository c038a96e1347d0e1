// The shell's copy of the render settings: loaded on start and again after a save. Load and save
// errors are ignored (the defaults stay shown; a failed save keeps the dialog open).
import { useCallback, useEffect, useState } from 'react';
import { RENDER_SETTINGS_DEFAULTS, type RenderSettings } from '../../../domain/constants';
import { fetchRenderSettings, saveRenderSettings } from '../../api/settings';

export function useRenderSettings() {
  const [settings, setSettings] = useState<RenderSettings>(RENDER_SETTINGS_DEFAULTS);
  const load = useCallback(async () => {
    try { setSettings(await fetchRenderSettings()); } catch { /* ignored: the defaults stay */ }
  }, []);
  useEffect(() => { void load(); }, [load]);
  const save = useCallback(async (next: RenderSettings): Promise<boolean> => {
    try { await saveRenderSettings(next); } catch { return false; }
    await load();
    return true;
  }, [load]);
  return { settings, save };
}
