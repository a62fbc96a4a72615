import { startBackground } from '@/src/background/main';

export default defineBackground(() => {
  startBackground();
});
