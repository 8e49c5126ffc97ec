// Start-up's second step (src/main.tsx): evaluates the router's and the query cache's chunk in a
// task of its own. Named imports, not `import('@tanstack/react-router')`: a dynamic import of the
// package itself keeps every export of it in the build (issue 22: the home route's JavaScript).
export { createRouter } from '@tanstack/react-router';
export { QueryClient } from '@tanstack/react-query';
