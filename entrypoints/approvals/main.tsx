import { render } from 'preact';
import { ApprovalsApp } from '@/src/ui/approvals/app';
import '@/src/ui/styles.css';
import '@/src/ui/approvals/approvals.css';

render(<ApprovalsApp />, document.getElementById('app')!);
