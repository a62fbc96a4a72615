import { render } from 'preact';
import { OptionsApp } from '@/src/ui/options/app';
import '@/src/ui/styles.css';
import '@/src/ui/options/options.css';
import '@/src/ui/options/options-views.css';

render(<OptionsApp />, document.getElementById('app')!);
