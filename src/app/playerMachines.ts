// A start-up step (src/main.tsx): evaluates the machines of the session's player-side children (the
// login, the idle and activity timers) and the domain they share with the others in a task of their
// own, before the session's machine, the wallet and the always-running children (./machines.ts): one
// task for all of them held a phone's main thread for 25-70 ms (issue 22: Total Blocking Time;
// vite.config.ts STARTUP_STEPS gives this step its chunk).
export { loginMachine } from '../../machines/login.machine';
export { idleMachine } from '../../machines/idle.machine';
export { activityTimerMachine } from '../../machines/activityTimer.machine';
