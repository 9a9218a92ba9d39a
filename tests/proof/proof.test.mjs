// A small proof run the ways docs/proofs.md documents: one process, eight shards through GNU
// parallel, a Slurm array task and a Kubernetes Indexed Job's command, all through
// deploy/run-shard.sh. The merged shards must give exactly the single run's boards, with the
// default word list and with another, for a proof named (PROOF) or spelled out (PARTITION).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const boggle = join(root, 'target/release/boggle');
// 1,000 classes of the published 3x3 partition (the proof named 3x3) at 400 rather than its
// 500, about 4 s of CPU; 12 boards reach 400.
const env = {
  ...process.env,
  BOGGLE: boggle,
  PROOF: '3x3',
  TARGET: '400',
  CLASS_IDS: '25000-25999',
};
const PARTITION = 'bdfgjqvwxz aeiou lnrsy chkmpt';
const run = (cmd, args, extra = {}) =>
  execFileSync(cmd, args, { cwd: root, env: { ...env, ...extra }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const lines = (text) => text.trim().split('\n').filter(Boolean);

test('eight shards through GNU parallel merge to the single run', () => {
  const dir = mkdtempSync(join(tmpdir(), 'proof-'));
  const single = run(boggle, ['break', '--partition', PARTITION, '--size', '3x3',
    '--target', env.TARGET, '--class-id', env.CLASS_IDS, '--quiet']);
  const boards = lines(single);
  assert.ok(boards.length >= 10, `expected survivors, got ${boards.length}`);
  for (const b of boards) {
    const [score] = b.split('\t');
    assert.ok(Number(score) >= 400, b);
  }
  const merged = run('deploy/parallel.sh', ['8', join(dir, 'shards'), '-j', '2']);
  assert.deepEqual(lines(merged), boards);
  const files = readdirSync(join(dir, 'shards')).filter((f) => f.endsWith('.ndjson'));
  assert.equal(files.length, 8);
  const records = files.flatMap((f) => lines(readFileSync(join(dir, 'shards', f), 'utf8')))
    .map((l) => JSON.parse(l));
  assert.equal(records.length, 1000);
  assert.equal(new Set(records.map((r) => r.id)).size, 1000);
  // Running it again is a resume: every shard is skipped and the merge is the same.
  assert.deepEqual(lines(run('deploy/parallel.sh', ['8', join(dir, 'shards'), '-j', '2'])), boards);
  // Other settings in the same folder are refused: the job log would skip every shard as done
  // and the merge would report the first run.
  for (const [args, extra] of [[['8'], { TARGET: '450' }], [['4'], {}], [['8'], { WORDLIST: 'yawl' }]]) {
    assert.throws(
      () => run('deploy/parallel.sh', [...args, join(dir, 'shards'), '-j', '2'], extra),
      (e) => e.status === 2 && /holds a run with other settings/.test(e.stderr) && e.stdout === '',
      JSON.stringify([args, extra]),
    );
  }
  // Another word list, by its built-in name: the shards' merge is that list's single run.
  const yawl = lines(run(boggle, ['break', '--partition', PARTITION, '--size', '3x3',
    '--target', env.TARGET, '--class-id', env.CLASS_IDS, '--wordlist', 'yawl', '--quiet']));
  assert.notDeepEqual(yawl, boards);
  assert.deepEqual(lines(run('deploy/parallel.sh', ['8', join(dir, 'yawl'), '-j', '2'], { WORDLIST: 'yawl' })), yawl);
});

test('a Slurm array task and a Kubernetes index run their shard through run-shard.sh', () => {
  const dir = mkdtempSync(join(tmpdir(), 'batch-'));
  const small = { CLASS_IDS: '25000-25099' };
  // The search spelled out: PARTITION and SIZE replace run-shard.sh's default proof's.
  const { PROOF: _, ...spelled } = env;
  execFileSync('deploy/slurm.sbatch', [join(dir, 'slurm')], {
    cwd: root,
    encoding: 'utf8',
    env: { ...spelled, ...small, PARTITION, SIZE: '3x3', SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_COUNT: '4', SLURM_SUBMIT_DIR: root },
  });
  const slurm = lines(readFileSync(join(dir, 'slurm', 'shard-2.ndjson'), 'utf8')).map((l) => JSON.parse(l));
  // Shard 3 of 4 of ids 25000-25099: 25002, 25006, ...
  assert.deepEqual(slurm.map((r) => r.id).sort((a, b) => a - b),
    Array.from({ length: 25 }, (_, i) => 25002 + 4 * i));
  assert.equal(slurm[0].partition, PARTITION);
  assert.equal(slurm[0].target, 400);
  // The manifest's own command line, with the image's paths pointed at this checkout.
  const manifest = readFileSync(join(root, 'deploy/kubernetes-job.yaml'), 'utf8');
  assert.match(manifest, /completionMode: Indexed/);
  assert.match(manifest, /name: PROOF\s+value: 4x4-any-corner/);
  const command = manifest.match(/- (exec \/opt\/boggle\/deploy\/run-shard\.sh .*)/)[1]
    .replaceAll('/opt/boggle/deploy', join(root, 'deploy'))
    .replaceAll('/proof', join(dir, 'k8s'));
  run('/bin/sh', ['-c', command], { ...small, JOB_COMPLETION_INDEX: '0', SHARDS: '4' });
  const k8s = lines(readFileSync(join(dir, 'k8s', 'shard-0.ndjson'), 'utf8')).map((l) => JSON.parse(l));
  assert.equal(k8s.length, 25);
  assert.equal(k8s[0].id % 4, 0);
});

test('a shard stopped before its first class ended, which left its file empty, runs again from nothing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'boggle-proof-empty-'));
  const file = join(dir, 'shard-0.ndjson');
  writeFileSync(file, '');
  run('deploy/run-shard.sh', ['0', '4', dir]);
  // Its quarter of the classes, each once.
  const ids = lines(readFileSync(file, 'utf8')).map((l) => JSON.parse(l).id);
  assert.equal(ids.length, 250);
  assert.equal(new Set(ids).size, 250);
});
