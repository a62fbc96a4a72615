import { render } from 'preact';
import { PanelApp } from '@/src/ui/panel/app';
import '@/src/ui/styles.css';

render(<PanelApp />, document.getElementById('app')!);
