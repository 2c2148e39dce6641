const t0 = performance.now();
const { cli } = await import('../dist/badzone.js');
const t1 = performance.now();
process.argv = [process.argv[0], 'x', ...process.argv.slice(2)];
const w = process.stdout.write.bind(process.stdout); process.stdout.write = () => true;
await cli();
const t2 = performance.now();
process.on('exit', () => { const t3 = performance.now(); process.stderr.write(`boot ${t0.toFixed(1)} import ${(t1-t0).toFixed(1)} run ${(t2-t1).toFixed(1)} exit ${(t3-t2).toFixed(1)}\n`); });
