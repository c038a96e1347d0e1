// Repository Manager against the real server: an administrator adds a folder of clips (scanned at once,
// seen in Job History and in the library with probed metadata), re-ingests it after a file went
// missing, previews and runs a purge, takes the folder offline and removes it; the files stay on disk.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, grantRole, signIn } from './fixtures';

const ADMIN = 'repo.admin';
let dir: string;

test.beforeAll(() => {
  const samples = path.join(process.env.E2E_DATA_DIR!, 'sample-library');
  const clips = fs.readdirSync(samples).filter((f) => f.endsWith('.mp4'));
  dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vat-e2e-repo-')));
  for (const [prefix, name] of [
    ['counter_', 'kept.mp4'],
    ['ntsc_', 'vanishing.mp4'],
  ]) {
    fs.copyFileSync(
      path.join(
        samples,
        clips.find((f) => f.startsWith(prefix))!,
      ),
      path.join(dir, name),
    );
  }
});
test.afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a non-administrator sees only the restricted text', async ({ page }) => {
  await signIn(page, 'repo.annotator', 'admin');
  await page.goto('/admin/repository');
  await expect(page.getByTestId('repo.restricted')).toHaveText(
    'Access restricted: repository management is limited to administrators.',
  );
  await expect(page.getByTestId('repo.sourcesCard')).toHaveCount(0);
});

test('add a folder, see its scan and videos, re-ingest, purge with a dry run first, disable and remove it', async ({
  page,
  request,
}) => {
  await grantRole(request, ADMIN, 'admin');
  await signIn(page, ADMIN, 'admin');
  await page.goto('/admin/repository');

  await page.getByTestId('repo.addSource').click();
  const form = page.getByTestId('dialog.sourceForm');
  await form.getByTestId('sourceForm.root').fill(`${dir}/`);
  await form.getByTestId('sourceForm.label').fill('E2E clips');
  await expect(form.getByTestId('sourceForm.normalizedRoot')).toHaveText(dir);
  await expect(form.getByTestId('sourceForm.exists')).toHaveText('Exists: yes');
  await expect(form.getByTestId('sourceForm.noConflict')).toHaveText('No conflict: yes');
  await form.getByTestId('sourceForm.save').click();
  await expect(form).toHaveCount(0);

  const row = page.locator(`[data-testid="repo.sourceRow"][data-root="${dir}"]`);
  await expect(row.getByTestId('repo.sourceLabel')).toHaveText('E2E clips');
  await expect(row.getByTestId('repo.sourceState')).toHaveText('Online');
  await expect(row.getByTestId('repo.stat.total')).toHaveText('Total: 2');
  await expect(row.getByTestId('repo.stat.pending')).toHaveText('Pending: 2');
  const scanRow = page.locator('[data-testid="jobs.row"][data-job-type="scan"]').filter({ hasText: dir });
  await expect(scanRow.getByTestId('jobs.status')).toHaveText('success');
  await expect(scanRow.getByTestId('jobs.initiatedBy')).toHaveText(`by ${ADMIN}`);
  await expect(scanRow.getByTestId('jobs.summary')).toContainText('added: 2');

  // The library lists the folder's videos with what ffprobe found.
  await page.goto(`/videos?source=${encodeURIComponent(dir)}`);
  await expect(page.getByTestId('library.row')).toHaveCount(2);
  await expect(page.getByTestId('library.row').filter({ hasText: 'kept.mp4' })).toContainText('640x360');
  await expect(page.getByTestId('library.row').filter({ hasText: 'vanishing.mp4' })).toContainText('640x480');

  // A file goes missing: a re-ingest that marks missing files deleted says so in the Activity Log.
  fs.rmSync(path.join(dir, 'vanishing.mp4'));
  await page.goto('/admin/repository');
  await page.getByTestId('ingest.source').selectOption(dir);
  await page.getByTestId('ingest.deleteMissing').check();
  await page.getByTestId('ingest.one').click();
  await expect(page.getByTestId('repo.activityLog')).toContainText('Re-ingested E2E clips: added 0, removed 1');
  await expect(row.getByTestId('repo.stat.total')).toHaveText('Total: 1');

  // Purge: the dry run reports and deletes nothing; the real run asks first and is recorded.
  await page.getByTestId('purge.source').selectOption(dir);
  await page.getByTestId('purge.limit').fill('5');
  await page.getByTestId('purge.run').click();
  const result = page.getByTestId('purge.result');
  await expect(result).toContainText('Dry run: nothing was deleted');
  for (const [k, n] of [
    ['attempted', 1],
    ['db_deleted', 1],
    ['files_deleted', 0],
    ['files_missing', 1],
  ] as const) {
    await expect(result.getByTestId(`purge.${k}`)).toContainText(String(n));
  }
  // the missing video loses only its record: the dry run lists it so, and the screen says the rule
  await expect(result.getByTestId('purge.rowsOnly')).toContainText(path.join(dir, 'vanishing.mp4'));
  await expect(result.getByTestId('purge.filesToDelete')).toHaveCount(0);
  await expect(page.getByTestId('purge.rule')).toContainText('file went missing lose only their record');
  await expect(page.locator('[data-testid="jobs.row"][data-job-type="purge"]')).toHaveCount(0);
  await page.getByTestId('purge.dryRun').uncheck();
  await page.getByTestId('purge.run').click();
  await page.getByTestId('dialog.confirm').getByTestId('confirm.ok').click();
  await expect(result).toContainText('Purge complete');
  await expect(
    page.locator('[data-testid="jobs.row"][data-job-type="purge"]').first().getByTestId('jobs.status'),
  ).toHaveText('success');
  await page.getByTestId('jobs.typeFilter').selectOption('reingest');
  await expect(page.locator('[data-testid="jobs.row"]').first()).toHaveAttribute('data-job-type', 'reingest');
  await page.getByTestId('jobs.typeFilter').selectOption('all');

  // Removing is refused while the folder is online; offline it removes the rows and keeps the file.
  await row.getByTestId('repo.removeSource').click();
  const remove = page.getByTestId('dialog.removeSource');
  await expect(remove.getByTestId('removeSource.enabledWarning')).toHaveText('Disable the source before removing it.');
  await expect(remove.getByTestId('removeSource.confirm')).toBeDisabled();
  await remove.getByRole('button', { name: 'Cancel' }).click();
  await row.getByTestId('repo.sourceToggle').click();
  await expect(row.getByTestId('repo.sourceState')).toHaveText('Offline');
  await row.getByTestId('repo.removeSource').click();
  await remove.getByTestId('removeSource.confirm').click();
  await expect(remove.getByTestId('removeSource.dbDeleted')).toHaveText('1');
  await expect(remove.getByTestId('removeSource.filesRemoved')).toHaveText('0');
  await remove.getByRole('button', { name: 'Close' }).click();
  await expect(row).toHaveCount(0);
  expect(fs.existsSync(path.join(dir, 'kept.mp4'))).toBe(true);
  await expect(page.getByTestId('repo.activityLog')).toContainText(
    'Removed source E2E clips: 1 database record(s) deleted, 0 file(s) removed',
  );

  await page.goto(`/videos?q=kept.mp4`);
  await expect(page.getByTestId('library.empty')).toHaveText('No videos');
});

test('root folders: validate shows which exist, export downloads root_paths.json, import reads a file back', async ({
  page,
  request,
}) => {
  await grantRole(request, ADMIN, 'admin');
  await signIn(page, ADMIN, 'admin');
  const headers = { 'X-User-Id': ADMIN };
  const saved = await (await request.get('/api/v1/admin/repo/root-config', { headers })).json();
  try {
    await page.goto('/admin/repository');
    const card = page.getByTestId('repo.rootConfigCard');
    await expect(card.getByTestId('rootConfig.upload_root')).toHaveValue(saved.upload_root);
    await card.getByTestId('rootConfig.temp_root').fill(path.join(dir, 'no-such-folder'));
    await card.getByTestId('rootConfig.validate').click();
    await expect(card.getByTestId('rootConfig.temp_root.exists')).toHaveText('Missing');
    await card.getByTestId('rootConfig.temp_root').fill(dir);
    await card.getByTestId('rootConfig.validate').click();
    await expect(card.getByTestId('rootConfig.temp_root.exists')).toHaveText('Exists');
    await card.getByTestId('rootConfig.save').click();
    await expect(card.getByTestId('rootConfig.message')).toContainText('Root configuration saved');

    const download = page.waitForEvent('download');
    await card.getByTestId('rootConfig.export').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('root_paths.json');
    expect(JSON.parse(fs.readFileSync(await file.path(), 'utf8'))).toEqual({ ...saved, temp_root: dir });

    await card.getByTestId('rootConfig.file').setInputFiles({
      name: 'root_paths.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(saved)),
    });
    await expect(card.getByTestId('rootConfig.message')).toContainText(
      'Root configuration imported from root_paths.json',
    );
    await expect(card.getByTestId('rootConfig.temp_root')).toHaveValue(saved.temp_root);
    expect(await (await request.get('/api/v1/admin/repo/root-config', { headers })).json()).toEqual(saved);
  } finally {
    await request.put('/api/v1/admin/repo/root-config', { headers, data: saved });
  }
});
