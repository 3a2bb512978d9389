// The embedded store against the Store contract.
import { EmbeddedStore } from '../../src/store/embedded-store.ts';
import { describeStoreContract } from './store-contract.ts';

describeStoreContract('EmbeddedStore', async () => {
  const store = new EmbeddedStore();
  return { store, cleanup: () => store.close() };
});
