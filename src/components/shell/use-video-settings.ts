// The shell's copy of the render settings: loaded on start and again after a save. Load and save
// errors are ignored (the defaults stay shown; a failed save keeps the dialog open).
import { useCallback, useEffect, useState } from 'react';
import { VIDEO_SETTINGS_DEFAULTS, type VideoSettings } from '../../../domain/constants';
import { fetchVideoSettings, saveVideoSettings } from '../../api/settings';

export function useVideoSettings() {
  const [settings, setSettings] = useState<VideoSettings>(VIDEO_SETTINGS_DEFAULTS);
  const load = useCallback(async () => {
    try {
      setSettings(await fetchVideoSettings());
    } catch {
      /* ignored: the defaults stay */
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  const save = useCallback(
    async (next: VideoSettings): Promise<boolean> => {
      try {
        await saveVideoSettings(next);
      } catch {
        return false;
      }
      await load();
      return true;
    },
    [load],
  );
  return { settings, save };
}
