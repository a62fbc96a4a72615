import { render } from 'preact';
import { PanelApp } from '@/src/ui/panel/app';

render(<PanelApp />, document.getElementById('app')!);
