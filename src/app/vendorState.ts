// A start-up step (src/main.tsx): evaluates XState's chunk in a task of its own. Named exports, not
// `import('xstate')`: a dynamic import of the package itself keeps every export of it in the build.
export { createActor } from 'xstate';
