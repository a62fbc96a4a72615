import { render } from 'preact';
render(<p>Countersign</p>, document.getElementById('app')!);
