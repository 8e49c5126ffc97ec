import type { Plugin } from 'vite';
export function stripDescriptions(code: string, fileName: string): { code: string; map: unknown } | null;
export function stripMachineDescriptions(): Plugin;
