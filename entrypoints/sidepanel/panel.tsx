import { render } from 'preact';
import { PanelApp } from '@/src/ui/panel/app';
import { bootLocale } from '@/src/ui/locale-boot';

// The language is set before the first render (issue 37): every string is read at render.
void bootLocale().then(() => render(<PanelApp />, document.getElementById('app')!));
