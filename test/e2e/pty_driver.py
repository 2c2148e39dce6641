#!/usr/bin/env python3
"""Drive a program in a pseudo-terminal, as a person at a keyboard would.

Usage: pty_driver.py SCRIPT.json  (prints one JSON object on stdout)

The script: {"argv": [...], "cwd": "...", "env": {...}, "cols": 100, "rows": 40, "timeout": 30,
             "steps": [{"expect": "regex", "send": "keys"} | {"expect": "regex", "close": true}]}
Each step waits until `expect` matches the terminal output printed since the previous match (colour and
cursor codes removed), then types `send` ("\r" is Enter, "\u001b[B" arrow down, "\u0003" Ctrl-C), or closes
the terminal (`close`: the program sees its terminal hang up). After the last step it waits for the program
to exit. Everything is bounded by `timeout` seconds: on expiry the program is killed and the step reported.

Result: {"ok": bool, "exit": code or null, "signal": number or null, "failed_step": index or null,
         "error": text or null, "output": all output, raw}
"""
import json
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import fcntl
import time

CODES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")


def plain(raw: str) -> str:
    return CODES.sub("", raw).replace("\r", "")


def main() -> int:
    with open(sys.argv[1], encoding="utf-8") as f:
        script = json.load(f)
    deadline = time.monotonic() + float(script.get("timeout", 30))
    rows, cols = int(script.get("rows", 40)), int(script.get("cols", 100))

    pid, fd = pty.fork()
    if pid == 0:  # the child: its stdin, stdout and stderr are the terminal
        try:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
            os.chdir(script["cwd"])
            os.execve(script["argv"][0], script["argv"], script["env"])
        finally:
            os._exit(127)

    out = bytearray()
    result = {"ok": False, "exit": None, "signal": None, "failed_step": None, "error": None}
    closed = False

    def pump(wait: float) -> bool:
        """Read what the program printed; False once the terminal is gone."""
        nonlocal closed
        if closed:
            return False
        ready, _, _ = select.select([fd], [], [], max(0.0, wait))
        if not ready:
            return True
        try:
            data = os.read(fd, 65536)
        except OSError:  # EIO: the program exited and the terminal closed
            closed = True
            return False
        if not data:
            closed = True
            return False
        out.extend(data)
        return True

    seen = 0  # the part of the plain output already matched
    try:
        for i, step in enumerate(script["steps"]):
            pattern = re.compile(step["expect"])
            while True:
                text = plain(out.decode("utf-8", "replace"))
                m = pattern.search(text, seen)
                if m:
                    seen = m.end()
                    break
                if time.monotonic() > deadline:
                    raise TimeoutError(f"step {i}: no match for {step['expect']!r}")
                if not pump(min(0.2, deadline - time.monotonic())):
                    raise EOFError(f"step {i}: the program ended before {step['expect']!r} appeared")
            # Let the prompt finish drawing before typing (inquirer drops keys typed before it listens).
            end = time.monotonic() + 0.15
            while time.monotonic() < end and pump(end - time.monotonic()):
                pass
            if step.get("close"):
                os.close(fd)
                closed = True
                break
            for ch in step.get("send", ""):
                os.write(fd, ch.encode("utf-8"))
                time.sleep(0.02)
        # Wait for the program to exit, still reading so it never blocks on a full terminal.
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                raise TimeoutError("the program did not exit")
            if not pump(0.1):
                time.sleep(0.05)
        while pump(0):
            pass
        if os.WIFEXITED(status):
            result["exit"] = os.WEXITSTATUS(status)
        elif os.WIFSIGNALED(status):
            result["signal"] = os.WTERMSIG(status)
        result["ok"] = True
    except (TimeoutError, EOFError) as e:
        result["error"] = str(e)
        result["failed_step"] = int(str(e).split(":")[0].split()[-1]) if str(e).startswith("step") else None
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
    finally:
        if not closed:
            try:
                os.close(fd)
            except OSError:
                pass
    result["output"] = out.decode("utf-8", "replace")
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
