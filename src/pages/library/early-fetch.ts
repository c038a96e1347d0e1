// Tiny entry loaded by index.html before the app bundle: on /videos it starts the first block of 1000 rows at
// once, so the list request runs while the browser is still loading and compiling the app (the target is the
// first rows within 300 ms with 100,000 videos). The library takes this block if its first request is the same.
import { FETCH_PAGE_SIZE } from '../../../domain/constants';
import { listQuery, startEarlyBlock } from '../../api/videos';
import { filtersFromState, parseListParams, savedStateRedirect } from './library-params';

if (location.pathname.replace(/\/+$/, '') === '/videos') {
  const params = new URLSearchParams(location.search);
  const effective = savedStateRedirect(params) ?? params;
  startEarlyBlock(`/api/v1/videos/?${listQuery(filtersFromState(parseListParams(effective)), 0, FETCH_PAGE_SIZE)}`);
}
