// Writes src/routeTree.gen.ts the way the Vite plugin does, so `tsc` can run before a build.
import { Generator, getConfig } from '@tanstack/router-generator';

const config = getConfig({
  target: 'react',
  autoCodeSplitting: true,
  routesDirectory: './src/routes',
  generatedRouteTree: './src/routeTree.gen.ts',
});
const generator = new Generator({ config, root: process.cwd() });
await generator.run();
console.log('routes: src/routeTree.gen.ts written');
