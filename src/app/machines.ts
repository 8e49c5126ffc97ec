// A start-up step (src/main.tsx): evaluates the session's machines, the largest part of the actor
// system's code, in a task of its own before the session's own module (issue 22: Total Blocking
// Time; vite.config.ts STARTUP_STEPS gives this step its chunk).
export { sessionMachine } from '../../machines/session.machine';
