import { startBackground } from '@/src/background/main';
import { wordpressAdapter } from '@/src/cms/wordpress/wordpress-adapter';

// The one place that names the CMS: the background reaches it only through CmsAdapter.
export default defineBackground(() => {
  startBackground(wordpressAdapter);
});
