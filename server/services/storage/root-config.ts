// The three working folders of the server: uploads land in upload_root, renders are written to
// target_root, and temporary files go to temp_root. Stored in the settings table; defaults under DATA_DIR.
import path from 'node:path';
import type { Db } from '../../db/connect';
import { readSetting, writeSetting } from '../../repositories/settings';
import { checkClientPath, folderFacts } from './safe-path';

export const ROOT_KEYS = ['upload_root', 'target_root', 'temp_root'] as const;
export type RootConfig = Record<(typeof ROOT_KEYS)[number], string>;
const SETTING_KEY = 'root_config';

export const defaultRootConfig = (dataDir: string): RootConfig => ({
  upload_root: path.join(dataDir, 'uploads'),
  target_root: path.join(dataDir, 'renders'),
  temp_root: path.join(dataDir, 'tmp'),
});

export async function readRootConfig(db: Db, dataDir: string): Promise<RootConfig> {
  const stored = (await readSetting(db, SETTING_KEY)) as Partial<RootConfig> | undefined;
  return { ...defaultRootConfig(dataDir), ...stored };
}

/** Each path checked and normalised; the whole body is refused when one path is unsafe. */
const checked = (input: RootConfig): RootConfig =>
  Object.fromEntries(ROOT_KEYS.map((k) => [k, checkClientPath(input[k], k)])) as RootConfig;

export async function saveRootConfig(db: Db, input: RootConfig): Promise<RootConfig> {
  const value = checked(input);
  await writeSetting(db, SETTING_KEY, value);
  return value;
}

export async function validateRootConfig(
  input: RootConfig,
): Promise<Record<(typeof ROOT_KEYS)[number], { path: string; exists: boolean }>> {
  const value = checked(input);
  const out = {} as Record<(typeof ROOT_KEYS)[number], { path: string; exists: boolean }>;
  for (const k of ROOT_KEYS) out[k] = { path: value[k], exists: (await folderFacts(value[k])).is_dir };
  return out;
}
