import { createRoot } from 'react-dom/client';
import { ConsoleShell } from './console-shell.tsx';

const root = document.getElementById('root');
if (root) createRoot(root).render(<ConsoleShell />);
