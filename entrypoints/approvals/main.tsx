import { render } from 'preact';
import { ApprovalsApp } from '@/src/ui/approvals/app';
import { bootLocale } from '@/src/ui/locale-boot';
import '@/src/ui/styles.css';
import '@/src/ui/approvals/approvals.css';

void bootLocale().then(() => render(<ApprovalsApp />, document.getElementById('app')!));
