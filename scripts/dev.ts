import { spawn } from 'node:child_process';

// One command for development: the API under tsx watch, and Vite with HMR proxying /api to it.
const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1' } }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
console.log(`Open http://localhost:${process.env.PORT ?? 3000}/ (add ?inspect to watch the machines in the Stately inspector)`);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
