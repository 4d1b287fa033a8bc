// Part of `npm run build`: dumps a migrated, empty embedded database next to the compiled server,
// so that a first start on an empty DATA_DIR skips initdb (src/db/embedded.ts).
import { BUILT_SEED_PATH } from '../dist/db/embedded.js';
import { writeEmbeddedSeed } from '../dist/db/store.js';

await writeEmbeddedSeed(BUILT_SEED_PATH);
console.log(`wrote ${BUILT_SEED_PATH}`);
