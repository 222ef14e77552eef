import webpack from 'webpack';
import zlib from 'node:zlib';
import fs from 'node:fs';
const entries = process.argv.slice(2);
for (const [i, src] of entries.entries()) {
  fs.writeFileSync(`/work/main/frontend/src/__probe${i}.js`, src);
}
const run = (i) => new Promise((res) => webpack({ mode: 'production', context: '/work/main/frontend', entry: `./src/__probe${i}.js`, output: { path: `/tmp/rr/${i}` }, resolve: { alias: JSON.parse(process.env.ALIAS || '{}') } }, (err, stats) => { if (err || stats.hasErrors()) console.log(stats?.toString('errors-only') || err); const f = fs.readFileSync(`/tmp/rr/${i}/main.js`); console.log(i, (f.length/1024).toFixed(1), 'KB min', (zlib.gzipSync(f,{level:9}).length/1024).toFixed(1), 'KB gz'); res(); }));
for (let i = 0; i < entries.length; i++) await run(i);
for (let i = 0; i < entries.length; i++) fs.unlinkSync(`/work/main/frontend/src/__probe${i}.js`);
