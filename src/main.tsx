import './ui/global.css';
import { nextTask } from './app/nextTask';

// The app's entry (ARCHITECTURE.md "First paint"). The platform has painted the page already; the
// app's code is evaluated in steps, each in a task of its own, so that a phone's main thread is
// never held for long (issue 10): a module's top level runs on its first import, and the later
// steps find these modules evaluated. The build preloads every step's chunks at once
// (startupPreloads in vite.config.ts), so the steps wait for no network between them.
await import('react-dom/client'); // React and its DOM renderer
await nextTask();
await import('./app/vendorRouter'); // the router and the query cache
await nextTask();
await import('./app/vendorState'); // xstate
await nextTask();
await import('./app/playerMachines'); // the machines of the session's player-side children
await nextTask();
await import('./app/machines'); // the session's machine and its always-running children
await nextTask();
await import('./app/session'); // the actor system: the session's services and the API
await nextTask();
await import('./app/router'); // the route tree and the screens the first route needs
await nextTask();
const { startApp } = await import('./app/start');
await startApp();
