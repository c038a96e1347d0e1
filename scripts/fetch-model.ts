// npm run models: fetches and verifies the pose model into the models directory
// (VAT_MODELS_DIR, else DATA_DIR/models) so the first Process does not wait for the download.
import { loadConfig } from '../server/config';
import { ensureModel, MODEL_LABEL, ModelFetchError } from '../server/processing/model-fetch';

const config = loadConfig();
try {
  const paths = await ensureModel(config.modelsDir, { log: (l) => console.log(l) });
  console.log(`${MODEL_LABEL} ready:\n  ${paths.json}\n  ${paths.bin}`);
} catch (e) {
  console.error(e instanceof ModelFetchError ? e.message : e);
  process.exit(1);
}
