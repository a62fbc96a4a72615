import { render } from 'preact';
import { OptionsApp } from '@/src/ui/options/app';
import { bootLocale } from '@/src/ui/locale-boot';
import '@/src/ui/styles.css';
import '@/src/ui/options/options.css';
import '@/src/ui/options/options-views.css';

void bootLocale().then(() => render(<OptionsApp />, document.getElementById('app')!));
