// Who may read a game must not change when badzone saves it. A save writes a new file and renames it over the old
// one (files.ts, writeAtomic), so everything that says who may read the old file has to be put on the new file
// before the rename: its mode (fchmod), its owner (fchown, for root), and its access control list (ACL) and
// extended attributes. When a file has an ACL, its group bits are the ACL's mask: a new file given only the mode
// would turn that mask into plain group bits, and the owning group would gain what only one named user had.
//
// Node 20 has no API for ACLs or extended attributes, so badzone asks the system's own tools
// (docs/development.md says why these and what they cost):
// - Linux: GNU cp copies the mode, the ACL and every extended attribute onto the new file in one step
//   (`cp --attributes-only --preserve=mode,xattr`; never timestamps: the new file is newer). When cp is not GNU
//   (BusyBox) or fails, getfattr or getfacl tells whether there was anything to keep; if there was (or when cp
//   failed and nothing can tell), the save is refused rather than widen access. With neither cp nor a tool that
//   can see them, no ACL tool is installed, and the save goes on with the mode alone.
// - macOS (untested: no machine here runs it): an ACL (`ls -led` lists its entries) is refused, since nothing
//   there copies it without also copying the data; extended attributes (Finder tags, quarantine) are not kept.
// - Windows (untested): a file with access rules of its own, not inherited from its folder (icacls shows rules
//   without "(I)"), is refused: the new file would get its folder's rules instead.
// The new file is created 0600 (files.ts), so until this runs it is readable by its owner alone.
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { RefusedError } from '../errors.js';
import { fileWhy } from './codes.js';

/** What running a program gave: its exit status (null when it could not run, or was killed), and its output. */
export interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
  /** The program is not installed. */
  missing: boolean;
}

export type Runner = (cmd: string, args: string[]) => Ran;

let req: NodeJS.Require | null = null;
/** Run a program (node:child_process is loaded on first use only: start-up). Messages in English (LC_ALL=C). */
export const runProgram: Runner = (cmd, args) => {
  req ??= createRequire(import.meta.url);
  const { spawnSync } = req('node:child_process') as typeof import('node:child_process');
  const r = spawnSync(cmd, args, {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LC_ALL: 'C' },
    timeout: 30_000,
    maxBuffer: 1 << 20,
    windowsHide: true,
  });
  return {
    status: r.status,
    stdout: r.stdout ?? '',
    stderr: r.stderr ?? '',
    missing: (r.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT',
  };
};

/** A cp that is not GNU's (BusyBox, BSD) says so about `--attributes-only`. */
const NOT_GNU_CP = /unrecognized option|invalid option|illegal option|unknown option/i;

/** Linux: copy `from`'s mode, ACL and extended attributes onto `to`. */
function copyWithCp(from: string, to: string, run: Runner): 'kept' | 'no-gnu-cp' | 'failed' {
  const r = run('cp', ['--attributes-only', '--preserve=mode,xattr', '--', from, to]);
  if (r.status === 0) return 'kept';
  if (r.missing || NOT_GNU_CP.test(r.stderr)) return 'no-gnu-cp';
  return 'failed';
}

/** Linux: whether `file` has an ACL or extended attributes; null when no tool here can tell. */
export function linuxExtended(file: string, run: Runner): boolean | null {
  // getfattr lists every attribute this user may see, the ACL's (system.posix_acl_access) too.
  const a = run('getfattr', ['--absolute-names', '-d', '-m', '-', '--', file]);
  if (a.status === 0) return a.stdout.trim() !== '';
  // getfacl prints nothing for a file whose ACL is only its mode.
  const b = run('getfacl', ['--absolute-names', '--skip-base', '--', file]);
  if (b.status === 0) return b.stdout.trim() !== '';
  return null;
}

/** macOS: whether `file` has an ACL: `ls -led` lists its entries (" 0: user:bob allow read") below the file's line. */
export function macAcl(file: string, run: Runner): boolean | null {
  const r = run('/bin/ls', ['-led', '--', file]);
  if (r.status !== 0) return null;
  return r.stdout.split('\n').some((l) => /^\s*\d+: /.test(l));
}

/**
 * Windows: whether `file` has access rules of its own. icacls prints one rule a line (`NAME:(I)(F)`, the first
 * after the file's name); "(I)" marks a rule inherited from the folder, which the new file gets too.
 */
export function windowsOwnRules(file: string, run: Runner): boolean | null {
  const r = run('icacls', [file]);
  if (r.status !== 0) return null;
  const rules = r.stdout.split(/\r?\n/).filter((l) => /:(\([A-Za-z,]+\))+\s*$/.test(l));
  if (rules.length === 0) return null;
  return rules.some((l) => !l.includes('(I)'));
}

function cannotKeep(given: string, into: 'save' | 'backup', platform: string): RefusedError {
  const made = into === 'save' ? 'the new file it saves the game in' : 'its backup';
  const not = into === 'save' ? 'The game was not changed.' : 'Nothing was changed.';
  const d = fileWhy('cannot-keep-private', { file: given, platform });
  if (platform === 'win32') {
    return new RefusedError(
      `${given} has access rules of its own (not inherited from its folder), and badzone cannot copy them to ${made} on Windows: it would get its folder's rules instead, which could let more people read the game. ${not} To keep a game private on Windows, keep it in a folder only you can read, and let the file take that folder's rules (icacls FILE /reset).`,
      d,
    );
  }
  if (platform === 'darwin') {
    return new RefusedError(
      `${given} has an access control list (ACL), and badzone cannot copy it to ${made} on macOS: without it, more people could read the game. ${not} To keep a game private, keep it in a folder only you can read; remove the ACL with chmod -N if you do not need it.`,
      d,
    );
  }
  return new RefusedError(
    `${given} has an access control list (ACL) or extended attributes, and badzone could not copy them to ${made} (it copies them with GNU cp --attributes-only). Without them, more people could read the game than can now. ${not} If you do not need them, remove them (setfacl -b; getfattr -d lists the others); or install GNU coreutils.`,
    d,
  );
}

/**
 * Give the new file `tmp` (open as `fd`, created 0600) the permissions of `target` (`st`): ACL and extended
 * attributes, mode, then owner and group (root only). Refuses (RefusedError, exit 1; the caller removes `tmp`)
 * when the target has an ACL or attributes that cannot be kept. `given` names the session in messages.
 */
export function keepPermissions(
  target: string,
  st: fs.Stats,
  tmp: string,
  fd: number,
  given: string,
  into: 'save' | 'backup',
  run: Runner = runProgram,
  platform: string = process.platform,
): void {
  if (platform === 'linux') {
    const how = copyWithCp(target, tmp, run);
    if (how !== 'kept') {
      // cp failed: go on only if there was nothing to keep; cp missing or not GNU: unless there was something.
      const extended = linuxExtended(target, run);
      if (how === 'failed' ? extended !== false : extended === true) throw cannotKeep(given, into, platform);
    }
  } else if (platform === 'darwin') {
    if (macAcl(target, run) === true) throw cannotKeep(given, into, platform);
  } else if (platform === 'win32') {
    if (windowsOwnRules(target, run) === true) throw cannotKeep(given, into, platform);
  }
  // cp has set the mode on Linux (and an ACL's mask with it); elsewhere, and as a check, set it now.
  if ((fs.fstatSync(fd).mode & 0o7777) !== (st.mode & 0o7777)) fs.fchmodSync(fd, st.mode & 0o7777);
  keepOwner(fd, st);
}

/** Give the file open as `fd` the owner and group of `st`, where the system allows (root); else it stays ours. */
export function keepOwner(fd: number, st: fs.Stats): void {
  if (st.uid === process.getuid?.() && st.gid === process.getgid?.()) return;
  try {
    fs.fchownSync(fd, st.uid, st.gid);
  } catch {
    /* only root may give a file away: the file is then ours, with its mode kept */
  }
}
