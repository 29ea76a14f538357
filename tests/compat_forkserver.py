"""Runs compat scripts as `python -m tfshim SCRIPT.py` would, without paying tfshim's import for each one.

A server process imports tfshim once (what `python -m tfshim` does before it runs a script), then forks a
child per script: the child starts from the state right after that import, changes to the script's
directory, sends its stdout and stderr to files, runs `tfshim.__main__.main([script])` and exits as the
interpreter would (non-daemon threads joined, atexit handlers run, streams flushed). Importing tfshim is most
of a compat script's run time (about 1 s of 1.2 s), so the suite runs several times faster; a script's output
and exit code are the same as in a fresh process. Where fork is unavailable, scripts run in fresh processes.

    python tests/compat_forkserver.py   # the server: one JSON request per line on stdin, one reply per line
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ENV = dict(os.environ, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8")


def _child(script: str, cwd: str, out: str, err: str) -> None:
    """In the forked child: the script's run, then the interpreter's exit; never returns."""
    code = 0
    try:
        os.chdir(cwd)
        sys.path[0] = os.getcwd()  # `python -m`'s first path entry (the server's is tests/)
        null = os.open(os.devnull, os.O_RDONLY)  # not the server's requests
        os.dup2(null, 0)
        os.close(null)
        for fd, path in ((1, out), (2, err)):
            f = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            os.dup2(f, fd)
            os.close(f)
        from tfshim.__main__ import main

        try:
            code = main([script])
        except SystemExit as e:  # sys.exit() in the script, as the interpreter maps it
            if e.code is None:
                code = 0
            elif isinstance(e.code, int):
                code = e.code
            else:
                print(e.code, file=sys.stderr)
                code = 1
        except BaseException:  # noqa: BLE001 - the interpreter prints any uncaught exception and exits 1
            import traceback

            traceback.print_exc()
            code = 1
        threading._shutdown()  # type: ignore[attr-defined]  # the interpreter joins non-daemon threads
        import atexit

        atexit._run_exitfuncs()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: BLE001
                code = code or 120  # the interpreter's exit code when flushing stdout fails
    finally:
        os._exit(code)


def serve() -> None:
    import tfshim  # noqa: F401 - the import every child starts from
    import tfshim.__main__  # noqa: F401

    for line in sys.stdin:
        request = json.loads(line)
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            _child(request["script"], request["cwd"], request["out"], request["err"])
        _, status = os.waitpid(pid, 0)
        sys.stdout.write(json.dumps({"returncode": os.waitstatus_to_exitcode(status)}) + "\n")
        sys.stdout.flush()


class ForkServer:
    """The client: `run(script)` returns a CompletedProcess as `subprocess.run([python, -m, tfshim, ...])`."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen | None = None
        self._lock = threading.Lock()

    def _start(self) -> subprocess.Popen:
        if self._proc is None or self._proc.poll() is not None:
            self._proc = subprocess.Popen([sys.executable, __file__], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                          env=ENV, text=True, cwd=Path(__file__).parent)
        return self._proc

    def run(self, script: Path, timeout: float = 120) -> subprocess.CompletedProcess:
        if not hasattr(os, "fork"):
            return fresh_process(script, timeout)
        with self._lock, tempfile.TemporaryDirectory() as tmp:
            out, err = os.path.join(tmp, "stdout"), os.path.join(tmp, "stderr")
            proc = self._start()
            assert proc.stdin is not None and proc.stdout is not None
            request = {"script": script.name, "cwd": str(script.parent), "out": out, "err": err}
            proc.stdin.write(json.dumps(request) + "\n")
            proc.stdin.flush()
            timer = threading.Timer(timeout, proc.kill)  # a hung script: the server goes, the next run restarts it
            timer.start()
            try:
                reply = proc.stdout.readline()
            finally:
                timer.cancel()
            if not reply:
                raise subprocess.TimeoutExpired([script.name], timeout)
            returncode = json.loads(reply)["returncode"]
            return subprocess.CompletedProcess([script.name], returncode, Path(out).read_bytes(),
                                               Path(err).read_bytes())

    def close(self) -> None:
        if self._proc is not None and self._proc.poll() is None:
            assert self._proc.stdin is not None
            self._proc.stdin.close()
            self._proc.wait(timeout=30)


def fresh_process(script: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tfshim", script.name], cwd=script.parent, capture_output=True,
                          env=ENV, timeout=timeout)


if __name__ == "__main__":
    serve()
